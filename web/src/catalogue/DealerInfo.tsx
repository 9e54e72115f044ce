import { Anchor, Text, Title } from '../ui/Text';
import { Group, Stack } from '../ui/Group';
import { Card } from '../ui/Card';
import { SimpleGrid } from '../ui/SimpleGrid';
import { Button } from '../ui/Button';
import { costaRicaWeekTime, dealerOpenAt, formatDealerDay, localize, WEEKDAY_LABELS, type DealerDay, type Weekday } from '@ruedas/domain';
import { IconBrandWaze, IconClock, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import classes from './DealerInfo.module.css';

/** What the seller page shows of a dealer (the `DealerInfoFields` fragment). */
export interface DealerInfoView {
  province: string;
  canton: string;
  district: string;
  /** The place names, from the server (the page does not load the 484 districts: decision 0114). */
  provinceName: string;
  cantonName: string;
  districtName: string;
  directions: string;
  hours: DealerDay[];
  latitude?: number | null;
  longitude?: number | null;
  googleMapsUrl: string;
  wazeUrl: string;
}

/**
 * The "now" of the open/closed sign: the render's time on the server and while hydrating (the
 * elements that depend on it tolerate the minute the page took to arrive), then the browser's,
 * once a minute.
 */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A dealer's address, week's hours with "open now / closed now" (Costa Rica time) and map links: real links, no script needed. */
export function DealerInfo({ dealer }: { dealer: DealerInfoView }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const now = useNow();
  const { open, range } = dealerOpenAt(dealer.hours, now);
  const today: Weekday = costaRicaWeekTime(now).day;
  const place = [dealer.districtName, dealer.cantonName, dealer.provinceName].filter(Boolean).join(', ');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dealer-title" data-testid="dealer-info">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm">
          <Title order={2} size="h4" id="dealer-title">
            {t('dealer.addressTitle')}
          </Title>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMapPin size={20} className={classes.icon} aria-hidden />
            <Stack gap={2}>
              <Text data-testid="dealer-directions">{dealer.directions}</Text>
              <Text c="dimmed" size="sm" data-testid="dealer-place">
                {place}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            {(
              [
                ['googleMaps', dealer.googleMapsUrl, undefined, IconMapPin, 'dealer-google-maps'],
                ['waze', dealer.wazeUrl, 'cyan', IconBrandWaze, 'dealer-waze'],
              ] as const
            ).map(([app, href, color, AppIcon, testId]) => (
              <Button
                key={app}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                color={color}
                leftSection={<AppIcon size={18} />}
                data-testid={testId}
              >
                {t(`dealer.${app}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        <Stack gap="sm">
          <Group gap="xs" justify="space-between">
            <Title order={2} size="h4">
              {t('dealer.hoursTitle')}
            </Title>
            <span className={classes.status} data-open={open} data-testid="dealer-open-now" suppressHydrationWarning>
              <IconClock size={16} aria-hidden />
              <span suppressHydrationWarning>{open && range ? t('dealer.openNow', { closes: range.closes }) : t('dealer.closedNow')}</span>
            </span>
          </Group>
          <table className={classes.hours} data-testid="dealer-hours">
            <caption className={classes.caption}>{t('dealer.hoursCaption')}</caption>
            <tbody>
              {dealer.hours.map((day) => (
                <tr key={day.day} data-day={day.day} data-today={day.day === today} suppressHydrationWarning>
                  <th scope="row">{localize(WEEKDAY_LABELS[day.day], language)}</th>
                  <td>{formatDealerDay(day, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {dealer.latitude != null && dealer.longitude != null && (
            <Text size="xs" c="dimmed">
              <Anchor href={dealer.googleMapsUrl} target="_blank" rel="noopener noreferrer" size="xs">
                {dealer.latitude}, {dealer.longitude}
              </Anchor>
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
