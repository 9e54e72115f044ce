import { Group, Stack } from '../ui/Group';
import { Title } from '../ui/Text';
import { SimpleGrid } from '../ui/SimpleGrid';
import { ActionIcon } from '../ui/ActionIcon';
import { useQuery } from '../data';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { AdCard } from './AdCard';
import { carouselAdsPerRow } from './layout';
import { HOME_CAROUSEL } from './operations';
import { useWindowWidth } from './useWindowWidth';

/** "Gold opportunities": the home carousel's gold ads, 1 to 4 per row by window width. Nothing when there are none. */
export function GoldCarousel() {
  const { t } = useTranslation();
  const { data } = useQuery(HOME_CAROUSEL, { fetchPolicy: 'cache-and-network' });
  const perRow = carouselAdsPerRow(useWindowWidth());
  const [first, setFirst] = useState(0);
  const ads = data?.homeCarousel ?? [];
  if (ads.length === 0) return null;

  // A wider window (more per row) or a shorter list must not leave the row past the end.
  const start = Math.max(0, Math.min(first, ads.length - perRow));
  const move = (step: number) => setFirst(Math.max(0, Math.min(ads.length - perRow, start + step)));

  return (
    <Stack component="section" aria-labelledby="gold-opportunities" gap="md">
      <Group justify="space-between">
        <Title order={2} id="gold-opportunities">
          {t('catalogue.home.gold')}
        </Title>
        {ads.length > perRow && (
          <Group gap={6}>
            <ActionIcon variant="default" size="lg" disabled={start === 0} onClick={() => move(-perRow)} aria-label={t('catalogue.home.goldPrevious')}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              disabled={start + perRow >= ads.length}
              onClick={() => move(perRow)}
              aria-label={t('catalogue.home.goldNext')}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={perRow} spacing="md" data-testid="gold-carousel">
        {ads.slice(start, start + perRow).map((ad, index) => (
          <AdCard key={ad.id} ad={ad} priority={index === 0} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
