import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import {
  closedWeek,
  coordinatesFromMapLink,
  DEALER_LIMITS,
  dealerInfoSchema,
  localize,
  WEEKDAY_LABELS,
  type DealerDay,
  type DealerInfo,
  type OpeningRange,
} from '@ruedas/domain';
import { IconCheck, IconCopy, IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { useLanguage } from '../i18n';
import { FormFailure } from './AccountCard';
import { ensureDealerFormText } from './dealerFormText';
import { UPDATE_DEALER_INFO } from './dealerOperations';
import { LocationSelects } from './LocationSelects';
import { useAccountForm } from './useAccountForm';
import type { DealerInfoView } from '../catalogue/DealerInfo';

interface DealerValues {
  province: string;
  canton: string;
  district: string;
  directions: string;
  hours: DealerDay[];
  /** A Google Maps / Waze link or "latitude, longitude"; blank for none. */
  mapLink: string;
}

/** A loaded dealer: what the seller page shows of it, the map links aside (they are derived from the position). */
export type DealerInfoInitial = Omit<DealerInfoView, 'googleMapsUrl' | 'wazeUrl'>;

/** A new lot's first guess: the account's own location, open 8 to 5 on weekdays. */
const WEEKDAY_HOURS: OpeningRange = { opens: '08:00', closes: '17:00' };

function initialValues(saved: DealerInfoInitial | null, location: { province: string; canton: string; district: string }): DealerValues {
  if (saved) {
    return {
      province: saved.province,
      canton: saved.canton,
      district: saved.district,
      directions: saved.directions,
      hours: saved.hours.map((day) => ({ day: day.day, ranges: day.ranges.map(({ opens, closes }) => ({ opens, closes })) })),
      mapLink: saved.latitude != null && saved.longitude != null ? `${saved.latitude}, ${saved.longitude}` : '',
    };
  }
  return {
    ...location,
    directions: '',
    hours: closedWeek().map((day) => (['SATURDAY', 'SUNDAY'].includes(day.day) ? day : { ...day, ranges: [{ ...WEEKDAY_HOURS }] })),
    mapLink: '',
  };
}

/**
 * A merchant's business page on their profile screen (issue 13): address (reference-data selects and
 * street directions), opening hours per weekday (closed, or one or two ranges) and an optional map
 * place, checked with the domain's dealerInfoSchema as the server does, saved apart from the profile.
 */
export function DealerInfoForm({
  userId,
  saved,
  location,
}: {
  userId: string;
  saved: DealerInfoInitial | null;
  location: { province: string; canton: string; district: string };
}) {
  const { t, i18n } = useTranslation();
  ensureDealerFormText(i18n);
  const [language] = useLanguage();
  const [update] = useMutation(UPDATE_DEALER_INFO);
  const [done, setDone] = useState(false);
  const form = useAccountForm<DealerValues>(dealerInfoSchema(), initialValues(saved, location));
  const { values, set, error } = form;
  // Inside a sentence: "el lunes", "on Monday".
  const dayName = (day: DealerDay['day']) =>
    language === 'es' ? localize(WEEKDAY_LABELS[day], language).toLowerCase() : localize(WEEKDAY_LABELS[day], language);

  const setDay = (index: number, ranges: OpeningRange[]) => {
    setDone(false);
    set(
      'hours',
      values.hours.map((entry, at) => (at === index ? { ...entry, ranges } : entry)),
    );
  };
  const setTime = (index: number, rangeIndex: number, field: keyof OpeningRange, time: string) =>
    setDay(
      index,
      values.hours[index]!.ranges.map((range, at) => (at === rangeIndex ? { ...range, [field]: time } : range)),
    );
  const copyMonday = () => {
    const monday = values.hours[0]!.ranges;
    setDone(false);
    set(
      'hours',
      values.hours.map((entry, at) => (at >= 1 && at <= 4 ? { ...entry, ranges: monday.map((range) => ({ ...range })) } : entry)),
    );
  };

  const submit = form.onSubmit(async (data) => {
    const { province, canton, district, directions, hours, latitude, longitude } = data as DealerInfo;
    await update({ variables: { input: { province, canton, district, directions, hours, latitude, longitude } } });
    setDone(true);
  });
  const place = values.mapLink.trim() ? coordinatesFromMapLink(values.mapLink) : null;

  return (
    <form onSubmit={submit} noValidate data-testid="dealer-form">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('dealer.form.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('dealer.form.intro')}
          </Text>
        </Stack>
        <FormFailure message={form.failure?.message} />
        <LocationSelects
          value={values}
          onChange={(next) => {
            setDone(false);
            form.setValues((current) => ({ ...current, ...next }));
          }}
          error={error}
        />
        <Textarea
          label={t('dealer.form.directions')}
          placeholder={t('dealer.form.directionsPlaceholder')}
          autosize
          minRows={2}
          maxLength={DEALER_LIMITS.directionsMaxLength}
          value={values.directions}
          onChange={(event) => {
            setDone(false);
            set('directions', event.currentTarget.value);
          }}
          error={error('directions')}
        />
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            {t('dealer.form.hours')}
          </Text>
          {values.hours.map((entry, index) => (
            <DayRow
              key={entry.day}
              entry={entry}
              index={index}
              name={localize(WEEKDAY_LABELS[entry.day], language)}
              dayName={dayName(entry.day)}
              error={error}
              onOpen={(open) => setDay(index, open ? [{ ...WEEKDAY_HOURS }] : [])}
              onTime={(rangeIndex, field, time) => setTime(index, rangeIndex, field, time)}
              onAddRange={() => setDay(index, [...entry.ranges, { opens: '13:00', closes: '17:00' }])}
              onRemoveRange={() => setDay(index, entry.ranges.slice(0, 1))}
            />
          ))}
          {/* The label wraps: "Copiar el horario del lunes de martes a viernes" is wider than a 360 px phone's form. */}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={14} />}
            onClick={copyMonday}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', height: 'auto', minHeight: 26 }}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {t('dealer.form.copyWeekdays')}
          </Button>
        </Stack>
        <TextInput
          label={t('dealer.form.mapLink')}
          description={t('dealer.form.mapLinkHint')}
          value={values.mapLink}
          inputMode="url"
          onChange={(event) => {
            setDone(false);
            set('mapLink', event.currentTarget.value);
          }}
          error={error('mapLink') ?? error('latitude') ?? error('longitude')}
        />
        {place && (
          <Text size="sm" c="dimmed" data-testid="dealer-coordinates">
            {t('dealer.form.coordinates', { latitude: place.latitude, longitude: place.longitude })}
          </Text>
        )}
        {done && (
          <Alert color="green" icon={<IconCheck size={18} />} role="status" data-testid="dealer-saved">
            {t('dealer.form.saved')}{' '}
            <Anchor component={Link} to={`/sellerOpportunities/${encodeURIComponent(userId)}`}>
              {t('dealer.form.viewPage')}
            </Anchor>
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('dealer.form.save')}
        </Button>
      </Stack>
    </form>
  );
}

interface DayRowProps {
  entry: DealerDay;
  index: number;
  name: string;
  dayName: string;
  error: (field: string) => string | undefined;
  onOpen: (open: boolean) => void;
  onTime: (rangeIndex: number, field: keyof OpeningRange, time: string) => void;
  onAddRange: () => void;
  onRemoveRange: () => void;
}

/** One weekday: open or closed, then its one or two ranges. */
/**
 * A time as the page shows it (issue 31): 24-hour "HH:MM" typed in a plain field, where the browser's
 * time field follows the device's AM/PM. Typed as 8, 830, 8:30 or 17.30, it is read as 08:00, 08:30,
 * 08:30 and 17:30 when the field is left; anything else stays as typed for the rules to refuse.
 */
export function normalizeTime(text: string): string {
  const match = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*$/.exec(text);
  if (!match) return text;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return text;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

// Each of a range's two fields takes half the row, whatever its own width (minWidth 0): two at their
// natural width ran 45 px past a 360 px phone's form.
const TIME_FIELD = { type: 'text', inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 5, autoComplete: 'off', 'data-time-field': true } as const;

function DayRow({ entry, index, name, dayName, error, onOpen, onTime, onAddRange, onRemoveRange }: DayRowProps) {
  const { t } = useTranslation();
  const open = entry.ranges.length > 0;
  return (
    <Stack gap={6} data-testid={`dealer-day-${entry.day}`} py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Checkbox
          label={name}
          aria-label={t('dealer.form.open', { day: dayName })}
          checked={open}
          onChange={(event) => onOpen(event.currentTarget.checked)}
          fw={600}
        />
        {!open && (
          <Text size="sm" c="dimmed">
            {t('dealer.form.closed')}
          </Text>
        )}
      </Group>
      {entry.ranges.map((range, rangeIndex) => (
        <Group key={rangeIndex} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            {...TIME_FIELD}
            aria-label={t(rangeIndex === 0 ? 'dealer.form.opens' : 'dealer.form.opens2', { day: dayName })}
            value={range.opens}
            onChange={(event) => onTime(rangeIndex, 'opens', event.currentTarget.value)}
            onBlur={(event) => onTime(rangeIndex, 'opens', normalizeTime(event.currentTarget.value))}
            error={error(`hours.${index}.ranges.${rangeIndex}.opens`)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <TextInput
            {...TIME_FIELD}
            aria-label={t(rangeIndex === 0 ? 'dealer.form.closes' : 'dealer.form.closes2', { day: dayName })}
            value={range.closes}
            onChange={(event) => onTime(rangeIndex, 'closes', event.currentTarget.value)}
            onBlur={(event) => onTime(rangeIndex, 'closes', normalizeTime(event.currentTarget.value))}
            error={error(`hours.${index}.ranges.${rangeIndex}.closes`)}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Group>
      ))}
      {open && entry.ranges.length < DEALER_LIMITS.rangesPerDay && (
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconPlus size={12} />}
          onClick={onAddRange}
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('dealer.form.addRange', { day: dayName })}
        >
          {t('dealer.form.addRange', { day: dayName })}
        </Button>
      )}
      {entry.ranges.length > 1 && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          leftSection={<IconMinus size={12} />}
          onClick={onRemoveRange}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('dealer.form.removeRange', { day: dayName })}
        </Button>
      )}
    </Stack>
  );
}
