import { Autocomplete, Box, Button, Collapse, Group, NativeSelect, RangeSlider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  BRANDS,
  COLOURS,
  CURRENCIES,
  CURRENCY_LABELS,
  formatMoney,
  formatNumber,
  FUEL_TYPE_LABELS,
  FUEL_TYPES,
  cantonOptions,
  isBrandCode,
  localize,
  provinceOptions,
  MODELS_BY_BRAND,
  SEARCH_LIMITS,
  STYLE_LABELS,
  STYLES,
  TRANSMISSION_TYPE_LABELS,
  TRANSMISSION_TYPES,
  type Currency,
  type Locale,
} from '@ruedas/domain';
import { IconAdjustmentsHorizontal, IconChevronDown, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import { facetCounts, facetValues, type Counts, type Facet } from './facets';
import { sameFilter, TEXT_LIMITS, withFields, type SearchFilter, type SearchFilterField } from './filter';
import { TypedRangeInputs } from './TypedRangeInputs';
import { withTypedPrice, withTypedYears } from './typedRange';
import {
  clampRange,
  ENGINE_SIZE_CHOICES,
  engineSizeKey,
  priceRange,
  priceSlider,
  withCurrency,
  withEngineSize,
  withPriceRange,
  withYearRange,
  yearRange,
  yearSlider,
  type Range,
  type SliderLimits,
} from './slider';

export interface AdvancedSearchProps {
  /** The filter the form starts from and follows when it changes from outside (the address). */
  filter: SearchFilter;
  /** Counts per value of the current result, shown beside the choices. */
  facets?: readonly Facet[];
  /** With it, the form narrows the search live: called 300 ms after the last change. */
  onChange?: (filter: SearchFilter) => void;
  /** The Search button (and Enter in a field). */
  onSearch: (filter: SearchFilter) => void;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The advanced search of spec 01 §2: brand, model (type-ahead from the brand's models), style,
 * fuel, price range slider with its currency, year range slider, and "more filters" (transmission,
 * maximum mileage, passengers, engine size, colours); Search and Clear. Every input is debounced
 * 300 ms before it reaches `onChange`; Clear keeps the free text of the simple box.
 */
export function AdvancedSearch({ filter, facets, onChange, onSearch }: AdvancedSearchProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [draft, setDraft] = useState<SearchFilter>(filter);
  const [moreOpen, setMoreOpen] = useState(() => hasMoreFilters(filter));
  const moreId = useId();
  const [debounced] = useDebouncedValue(draft, SEARCH_LIMITS.debounceMs);
  // The last filter this form sent: the address coming back with it is not an outside change.
  const sent = useRef<SearchFilter>(filter);

  useEffect(() => {
    if (sameFilter(filter, sent.current)) return;
    sent.current = filter;
    setDraft(filter);
    if (hasMoreFilters(filter)) setMoreOpen(true);
  }, [filter]);

  useEffect(() => {
    if (!onChange || sameFilter(debounced, sent.current)) return;
    sent.current = debounced;
    onChange(debounced);
  }, [debounced, onChange]);

  const set = (changes: Partial<Record<SearchFilterField, unknown>>) => setDraft((current) => withFields(current, changes));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.current = draft;
    onSearch(draft);
  };
  const clear = () => setDraft(draft.text ? { text: draft.text } : {});

  const counts = (field: string) => facetCounts(facets, field);
  const price = priceSlider(draft.currency);
  const years = yearSlider();

  return (
    <Box component="form" onSubmit={submit} aria-label={t('search.advanced')} data-testid="advanced-search" noValidate>
      <Stack gap="sm">
        {/* Issue 19: only ads whose fair-price label is good or great. */}
        {/* A native checkbox: no extra component on the public pages' first load. */}
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 'var(--mantine-font-size-sm)', cursor: 'pointer' }}>
          <input
            type="checkbox"
            checked={draft.goodPriceOrBetter === true}
            onChange={(event) => set({ goodPriceOrBetter: event.currentTarget.checked || undefined })}
            data-testid="good-price-filter"
            style={{ width: 18, height: 18, accentColor: 'var(--mantine-color-ruedas-7)' }}
          />
          {t('search.goodPriceOrBetter')}
        </label>
        <NativeSelect
          label={t('search.brand')}
          value={draft.brand ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            set({ brand: isBrandCode(value) ? value : undefined, model: undefined });
          }}
          data={choices(t('search.anyBrand'), BRANDS.map((brand) => [brand.code, localize(brand.label, language)]), counts('brand'), t)}
        />
        <ModelInput draft={draft} facets={facets} onChange={(model) => set({ model })} />
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label={t('search.style')}
            value={draft.style ?? ''}
            onChange={(event) => set({ style: event.currentTarget.value || undefined })}
            data={choices(t('search.anyStyle'), STYLES.map((style) => [style, localize(STYLE_LABELS[style], language)]), counts('style'), t)}
          />
          <NativeSelect
            label={t('search.fuel')}
            value={draft.fuelType ?? ''}
            onChange={(event) => set({ fuelType: event.currentTarget.value || undefined })}
            data={choices(t('search.anyFuel'), FUEL_TYPES.map((fuel) => [fuel, localize(FUEL_TYPE_LABELS[fuel], language)]), counts('fuelType'), t)}
          />
        </SimpleGrid>

        {/* Where the car is (issue 13): province, then one of its cantons. */}
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label={t('search.province')}
            value={draft.province ?? ''}
            onChange={(event) => set({ province: event.currentTarget.value || undefined, canton: undefined })}
            data={choices(t('search.anyProvince'), provinceOptions().map((option) => [option.code, option.name]), counts('province'), t)}
          />
          <NativeSelect
            label={t('search.canton')}
            value={draft.canton ?? ''}
            disabled={!draft.province}
            onChange={(event) => set({ canton: event.currentTarget.value || undefined })}
            data={choices(t('search.anyCanton'), cantonOptions(draft.province ?? '').map((option) => [option.code, option.name]), counts('canton'), t)}
          />
        </SimpleGrid>

        <NativeSelect
          label={t('search.currency')}
          value={draft.currency ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((current) => withCurrency(current, (CURRENCIES as readonly string[]).includes(value) ? (value as Currency) : undefined));
          }}
          data={[{ value: '', label: t('search.noCurrency') }, ...CURRENCIES.map((currency) => ({ value: currency, label: localize(CURRENCY_LABELS[currency], language) }))]}
        />
        <RangeField
          label={t('search.price')}
          testId="price-slider"
          limits={price ?? SEARCH_LIMITS.priceSlider.CRC}
          value={priceRange(draft)}
          disabledText={t('search.priceNeedsCurrency')}
          thumbLabels={[t('search.priceFrom'), t('search.priceTo')]}
          format={(amount) => formatMoney(amount, draft.currency ?? 'CRC', language)}
          describe={(range, limits) => describeRange(...exactRange(range, limits, draft.priceFrom, draft.priceTo), t, 'price', (amount) => formatMoney(amount, draft.currency ?? 'CRC', language))}
          onChange={(range) => setDraft((current) => withPriceRange(current, range))}
        />
        <TypedRangeInputs
          kind="price"
          from={draft.priceFrom}
          to={draft.priceTo}
          filter={draft}
          labels={[t('search.priceFrom'), t('search.priceTo')]}
          disabled={!price}
          onCommit={(bounds) => setDraft((current) => withTypedPrice(current, bounds))}
        />
        <RangeField
          label={t('search.year')}
          testId="year-slider"
          limits={years}
          value={yearRange(draft)}
          thumbLabels={[t('search.yearFrom'), t('search.yearTo')]}
          format={String}
          describe={(range, limits) => describeRange(...exactRange(range, limits, draft.yearFrom, draft.yearTo), t, 'year', String)}
          onChange={(range) => setDraft((current) => withYearRange(current, range))}
        />
        <TypedRangeInputs
          kind="year"
          from={draft.yearFrom}
          to={draft.yearTo}
          filter={draft}
          labels={[t('search.yearFrom'), t('search.yearTo')]}
          onCommit={(bounds) => setDraft((current) => withTypedYears(current, bounds))}
        />

        <Button
          variant="subtle"
          px={0}
          justify="flex-start"
          onClick={() => setMoreOpen((open) => !open)}
          aria-expanded={moreOpen}
          aria-controls={moreId}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={<IconChevronDown size={14} style={{ transform: moreOpen ? 'rotate(180deg)' : undefined }} />}
        >
          {t('search.moreFilters')}
        </Button>
        <Collapse expanded={moreOpen} id={moreId}>
          <MoreFilters draft={draft} counts={counts} language={language} set={set} setDraft={setDraft} />
        </Collapse>

        <Group gap="sm" grow>
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {t('search.search')}
          </Button>
          <Button variant="default" onClick={clear} leftSection={<IconX size={16} />}>
            {t('search.clear')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

function hasMoreFilters(filter: SearchFilter): boolean {
  return [filter.transmissionType, filter.mileageMax, filter.passengersNumber, filter.motorSizeCCFrom, filter.motorSizeCCTo, filter.exteriorColor, filter.interiorColor].some(
    (value) => value !== undefined,
  );
}

/** Select choices: "any" first, then each with its count when the current result has one. */
function choices(any: string, options: ReadonlyArray<readonly [string, string]>, counts: Counts, t: Translate) {
  return [{ value: '', label: any }, ...options.map(([value, label]) => ({ value, label: withCount(label, counts.get(value), t) }))];
}

function withCount(label: string, count: number | undefined, t: Translate): string {
  return count === undefined ? label : t('search.withCount', { label, count });
}

/**
 * The range to describe: the filter's own bounds when it has them (typed ones may fall between the
 * slider's steps or beyond its ends), with the slider's ends meaning "no bound" only where there is none.
 */
function exactRange(range: Range, limits: SliderLimits, from: number | undefined, to: number | undefined): [Range, SliderLimits] {
  return [
    [from ?? range[0], to ?? range[1]],
    { ...limits, min: from === undefined ? limits.min : -Infinity, max: to === undefined ? limits.max : Infinity },
  ];
}

function describeRange([from, to]: Range, limits: SliderLimits, t: Translate, kind: 'price' | 'year', format: (value: number) => string): string {
  const atMin = from <= limits.min;
  const atMax = to >= limits.max;
  if (kind === 'price') {
    if (atMin && atMax) return t('search.priceAny');
    if (atMax) return t('search.priceOrMore', { from: format(from) });
    if (atMin) return t('search.priceUpTo', { to: format(to) });
    return t('search.priceRange', { from: format(from), to: format(to) });
  }
  if (atMin && atMax) return t('search.yearAny');
  if (atMin) return t('search.yearRange', { from: t('search.yearOrOlder', { from: format(from) }), to: format(to) });
  return t('search.yearRange', { from: format(from), to: format(to) });
}

interface RangeFieldProps {
  label: string;
  testId: string;
  limits: SliderLimits;
  /** Undefined: the slider is disabled (the price without a currency) and `disabledText` says why. */
  value: Range | undefined;
  disabledText?: string;
  thumbLabels: [string, string];
  format: (value: number) => string;
  describe: (range: Range, limits: SliderLimits) => string;
  onChange: (range: Range) => void;
}

/** A range slider under the slider rule: which thumb moved decides which one gives way. */
function RangeField({ label, testId, limits, value, disabledText, thumbLabels, format, describe, onChange }: RangeFieldProps) {
  const labelId = useId();
  const shown = value ?? [limits.min, limits.max];
  return (
    <Box data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${testId}-value`}>
          {value ? describe(shown, limits) : ''}
        </Text>
      </Group>
      <RangeSlider
        aria-labelledby={labelId}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        minRange={limits.step}
        pushOnOverlap={false}
        value={shown}
        disabled={!value}
        label={format}
        thumbFromLabel={thumbLabels[0]}
        thumbToLabel={thumbLabels[1]}
        thumbValueText={format}
        onChange={([from, to]) => onChange(clampRange([from, to], limits, from !== shown[0] ? 'from' : 'to'))}
        mt={6}
        mb={4}
      />
      {!value && disabledText && (
        <Text size="xs" c="dimmed">
          {disabledText}
        </Text>
      )}
    </Box>
  );
}

/** The model: free text (at most 60 characters) with the chosen brand's models and the result's models as suggestions. */
function ModelInput({ draft, facets, onChange }: { draft: SearchFilter; facets?: readonly Facet[]; onChange: (model: string | undefined) => void }) {
  const { t } = useTranslation();
  const counts = facetCounts(facets, 'model');
  const models = useMemo(() => {
    const known = (draft.brand && MODELS_BY_BRAND[draft.brand]) || [];
    return [...new Set([...facetValues(facets, 'model'), ...known])];
  }, [draft.brand, facets]);
  return (
    <Autocomplete
      label={t('search.model')}
      placeholder={t('search.anyModel')}
      value={draft.model ?? ''}
      maxLength={TEXT_LIMITS.model}
      data={models}
      limit={10}
      renderOption={({ option }) => <OptionWithCount label={option.value} count={counts.get(option.value)} />}
      onChange={(value) => onChange(value.slice(0, TEXT_LIMITS.model) || undefined)}
      clearable
    />
  );
}

function OptionWithCount({ label, count }: { label: ReactNode; count?: number }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" w="100%">
      <span>{label}</span>
      {count !== undefined && (
        <Text span size="xs" c="dimmed">
          {count}
        </Text>
      )}
    </Group>
  );
}

interface MoreFiltersProps {
  draft: SearchFilter;
  counts: (field: string) => Counts;
  language: Locale;
  set: (changes: Partial<Record<SearchFilterField, unknown>>) => void;
  setDraft: (update: (current: SearchFilter) => SearchFilter) => void;
}

/** Transmission, maximum mileage, passengers, engine size and colours. */
function MoreFilters({ draft, counts, language, set, setDraft }: MoreFiltersProps) {
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
  if (mileage && !mileageChoices.some(([key]) => key === mileage)) mileageChoices.push([mileage, t('search.mileageUnder', { value: formatNumber(Number(mileage), language) })]);
  const passengerChoices = SEARCH_LIMITS.passengerFilterOptions.map(
    (count) => [String(count), count === 5 ? t('search.passengersAtLeast', { count }) : String(count)] as const,
  );

  return (
    <Stack gap="sm" pt={4}>
      <SimpleGrid cols={2} spacing="sm">
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
      <SimpleGrid cols={2} spacing="sm">
        <ColourInput label={t('search.exteriorColor')} value={draft.exteriorColor} counts={counts('exteriorColor')} language={language} onChange={(exteriorColor) => set({ exteriorColor })} />
        <ColourInput label={t('search.interiorColor')} value={draft.interiorColor} counts={counts('interiorColor')} language={language} onChange={(interiorColor) => set({ interiorColor })} />
      </SimpleGrid>
    </Stack>
  );
}

/** A colour: free text (at most 40 characters) with the known colours, in the interface language, as suggestions. */
function ColourInput({ label, value, counts, language, onChange }: { label: string; value?: string; counts: Counts; language: Locale; onChange: (value: string | undefined) => void }) {
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
