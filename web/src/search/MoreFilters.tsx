import { Autocomplete, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  COLOURS,
  formatNumber,
  localize,
  MORE_THAN_SEVEN_PASSENGERS,
  SEARCH_LIMITS,
  TRANSMISSION_TYPE_LABELS,
  TRANSMISSION_TYPES,
  type Locale,
} from '@ruedas/domain';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/react';
import { choices, OptionWithCount } from './choices';
import type { Counts } from './facets';
import { TEXT_LIMITS, type SearchFilter, type SearchFilterField } from './filter';
import { ENGINE_SIZE_CHOICES, engineSizeKey, withEngineSize } from './slider';

export function hasMoreFilters(filter: SearchFilter): boolean {
  return [
    filter.transmissionType,
    filter.mileageMax,
    filter.passengersNumber,
    filter.motorSizeCCFrom,
    filter.motorSizeCCTo,
    filter.exteriorColor,
    filter.interiorColor,
  ].some((value) => value !== undefined);
}

export interface MoreFiltersProps {
  draft: SearchFilter;
  counts: (field: string) => Counts;
  language: Locale;
  set: (changes: Partial<Record<SearchFilterField, unknown>>) => void;
  setDraft: (update: (current: SearchFilter) => SearchFilter) => void;
}

/** Transmission, maximum mileage, passengers, engine size and colours. */
export function MoreFilters({ draft, counts, language, set, setDraft }: MoreFiltersProps) {
  const { t } = useTranslation();
  const engine = engineSizeKey(draft);
  const engineChoices: Array<readonly [string, string]> = ENGINE_SIZE_CHOICES.map(({ key, from, to }) => [
    key,
    from === 0
      ? t('search.engineUnder', { to: formatNumber(to, language) })
      : to >= SEARCH_LIMITS.motorSizeRanges[0].to
        ? t('search.engineOver', { from: formatNumber(from, language) })
        : t('search.engineRange', { from: formatNumber(from, language), to: formatNumber(to, language) }),
  ]);
  // A range from an address that is none of the choices is shown as it is.
  if (engine && !engineChoices.some(([key]) => key === engine)) {
    const [from, to] = engine.split('-').map(Number) as [number, number];
    engineChoices.push([engine, t('search.engineRange', { from: formatNumber(from, language), to: formatNumber(to, language) })]);
  }
  const mileage = draft.mileageMax === undefined ? '' : String(draft.mileageMax);
  const mileageChoices: Array<readonly [string, string]> = SEARCH_LIMITS.mileageMaxOptions.map((value) => [
    String(value),
    t('search.mileageUnder', { value: formatNumber(value, language) }),
  ]);
  if (mileage && !mileageChoices.some(([key]) => key === mileage))
    mileageChoices.push([mileage, t('search.mileageUnder', { value: formatNumber(Number(mileage), language) })]);
  const passengerChoices = SEARCH_LIMITS.passengerFilterOptions.map((count) => [String(count), passengersChoiceLabel(count, t)] as const);

  return (
    <Stack gap="sm" pt={4}>
      <SimpleGrid cols={1} spacing="sm">
        <NativeSelect
          label={t('search.transmission')}
          value={draft.transmissionType ?? ''}
          onChange={(event) => set({ transmissionType: event.currentTarget.value || undefined })}
          data={choices(
            t('search.anyTransmission'),
            TRANSMISSION_TYPES.map((type) => [type, localize(TRANSMISSION_TYPE_LABELS[type], language)]),
            counts('transmissionType'),
            t,
          )}
        />
        <NativeSelect
          label={t('search.mileage')}
          value={mileage}
          onChange={(event) => set({ mileageMax: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
          data={choices(t('search.anyMileage'), mileageChoices, counts('mileageMax'), t)}
        />
        <NativeSelect
          label={t('search.passengers')}
          value={draft.passengersNumber === undefined ? '' : String(draft.passengersNumber)}
          onChange={(event) => set({ passengersNumber: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
          data={choices(t('search.anyPassengers'), passengerChoices, counts('passengersNumber'), t)}
        />
        <NativeSelect
          label={t('search.engine')}
          value={engine}
          onChange={(event) => {
            const key = event.currentTarget.value;
            setDraft((current) => withEngineSize(current, key));
          }}
          data={choices(t('search.anyEngine'), engineChoices, counts('motorSizeCCTo'), t)}
        />
      </SimpleGrid>
      <SimpleGrid cols={1} spacing="sm">
        <ColourInput
          label={t('search.exteriorColor')}
          value={draft.exteriorColor}
          counts={counts('exteriorColor')}
          language={language}
          onChange={(exteriorColor) => set({ exteriorColor })}
        />
        <ColourInput
          label={t('search.interiorColor')}
          value={draft.interiorColor}
          counts={counts('interiorColor')}
          language={language}
          onChange={(interiorColor) => set({ interiorColor })}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** A colour: free text (at most 40 characters) with the known colours, in the interface language, as suggestions. */
function ColourInput({
  label,
  value,
  counts,
  language,
  onChange,
}: {
  label: string;
  value?: string;
  counts: Counts;
  language: Locale;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const byLabel = useMemo(() => new Map(COLOURS.map((colour) => [localize(colour.label, language), colour.code])), [language]);
  return (
    <Autocomplete
      label={label}
      placeholder={t('search.anyColour')}
      value={value ?? ''}
      maxLength={TEXT_LIMITS.exteriorColor}
      data={[...byLabel.keys()]}
      limit={10}
      renderOption={({ option }) => <OptionWithCount label={option.value} count={counts.get(byLabel.get(option.value) ?? option.value)} />}
      onChange={(text) => onChange(text.slice(0, TEXT_LIMITS.exteriorColor) || undefined)}
      clearable
    />
  );
}

/** A passengers choice as shown: 2 to 4 exactly, "5 o más", "7 o más", and 888 (more than 7) as "8 o más". */
export function passengersChoiceLabel(count: number, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (count < 5) return String(count);
  return t('search.passengersAtLeast', { count: count === MORE_THAN_SEVEN_PASSENGERS ? 8 : count });
}
