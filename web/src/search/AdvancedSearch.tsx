import { Autocomplete, Box, Button, Collapse, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '../ui/hooks';
import {
  BRANDS,
  CURRENCIES,
  CURRENCY_LABELS,
  FUEL_TYPE_LABELS,
  FUEL_TYPES,
  cantonOptions,
  formatNumber,
  isBrandCode,
  localize,
  provinceOptions,
  MODELS_BY_BRAND,
  SEARCH_LIMITS,
  STYLE_LABELS,
  STYLES,
  type Currency,
  type Locale,
} from '@ruedas/domain';
import { IconAdjustmentsHorizontal, IconChevronDown, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import { choices, OptionWithCount } from './choices';
import { facetCounts, facetValues, type Facet } from './facets';
import { sameFilter, TEXT_LIMITS, withFields, type SearchFilter, type SearchFilterField } from './filter';
import { hasMoreFilters, MoreFilters } from './MoreFilters';
import { RangeFilters } from './RangeFilters';
import { withCurrency } from './slider';
import { keepEarlyInput } from '../ssr/earlyInput';
import type { Translate } from './choices';
import type { Counts } from './facets';
import classes from './AdvancedSearch.module.css';

export interface AdvancedSearchProps {
  /** The filter the form starts from and follows when it changes from outside (the address). */
  filter: SearchFilter;
  /** Counts per value of the current result, shown beside the choices. */
  facets?: readonly Facet[];
  /** With it, the form narrows the search live: called 300 ms after the last change. */
  onChange?: (filter: SearchFilter) => void;
  /** The Search button (and Enter in a field). */
  onSearch: (filter: SearchFilter) => void;
  /** Colones per dollar: the price range is also shown in the other currency (issue 31). */
  crcPerUsd?: number;
  /**
   * The phone's drawer (issue 31): the live count of the search as it narrows, on a "Ver N carros"
   * button that stays at the bottom of the drawer; undefined before the first count.
   */
  liveCount?: { total: number | undefined; loading: boolean };
}

/**
 * The advanced search of spec 01 §2: brand, model (type-ahead from the brand's models), style,
 * fuel, price range slider with its currency, year range slider, and "more filters" (transmission,
 * maximum mileage, passengers, engine size, colours); Search and Clear. Every input is debounced
 * 300 ms before it reaches `onChange`; Clear keeps the free text of the simple box.
 */
export function AdvancedSearch({ filter, facets, onChange, onSearch, crcPerUsd, liveCount }: AdvancedSearchProps) {
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
  // The desktop's panel is hydrated after the results (a later part): what was typed or chosen in its
  // server HTML meanwhile counts (decision 0137).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) keepEarlyInput(form.current);
  }, []);

  return (
    <Box component="form" ref={form} onSubmit={submit} aria-label={t('search.advanced')} data-testid="advanced-search" noValidate>
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
          data={brandChoices(counts('brand'), language, t)}
        />
        <ModelInput draft={draft} facets={facets} onChange={(model) => set({ model })} />
        {/* One column: a choice's words and count are never cut (issue 31: "Cualquier provinc"). */}
        <SimpleGrid cols={1} spacing="sm">
          <NativeSelect
            label={t('search.style')}
            value={draft.style ?? ''}
            onChange={(event) => set({ style: event.currentTarget.value || undefined })}
            data={choices(
              t('search.anyStyle'),
              STYLES.map((style) => [style, localize(STYLE_LABELS[style], language)]),
              counts('style'),
              t,
            )}
          />
          <NativeSelect
            label={t('search.fuel')}
            value={draft.fuelType ?? ''}
            onChange={(event) => set({ fuelType: event.currentTarget.value || undefined })}
            data={choices(
              t('search.anyFuel'),
              FUEL_TYPES.map((fuel) => [fuel, localize(FUEL_TYPE_LABELS[fuel], language)]),
              counts('fuelType'),
              t,
            )}
          />
        </SimpleGrid>

        {/* Where the car is (issue 13): province, then one of its cantons. */}
        <SimpleGrid cols={1} spacing="sm">
          <NativeSelect
            label={t('search.province')}
            value={draft.province ?? ''}
            onChange={(event) => set({ province: event.currentTarget.value || undefined, canton: undefined })}
            data={choices(
              t('search.anyProvince'),
              provinceOptions().map((option) => [option.code, option.name]),
              counts('province'),
              t,
            )}
          />
          <NativeSelect
            label={t('search.canton')}
            value={draft.canton ?? ''}
            disabled={!draft.province}
            onChange={(event) => set({ canton: event.currentTarget.value || undefined })}
            data={choices(
              t('search.anyCanton'),
              cantonOptions(draft.province ?? '').map((option) => [option.code, option.name]),
              counts('canton'),
              t,
            )}
          />
        </SimpleGrid>

        {/* Colones unless dollars are chosen (issue 31): the search reads bounds without a currency in colones. */}
        <NativeSelect
          label={t('search.currency')}
          value={draft.currency ?? 'CRC'}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((current) => withCurrency(current, (CURRENCIES as readonly string[]).includes(value) ? (value as Currency) : undefined));
          }}
          data={CURRENCIES.map((currency) => ({ value: currency, label: localize(CURRENCY_LABELS[currency], language) }))}
        />
        <RangeFilters draft={draft} language={language} setDraft={setDraft} crcPerUsd={crcPerUsd} />

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

        <Group gap="sm" grow className={liveCount ? classes.stickyActions : undefined}>
          <Button type="submit" leftSection={<IconSearch size={16} />} aria-busy={liveCount?.loading} data-testid="search-submit">
            {liveCount?.total === undefined
              ? t('search.search')
              : t('search.showCars', { count: liveCount.total, formatted: formatNumber(liveCount.total, language) })}
          </Button>
          <Button variant="default" onClick={clear} leftSection={<IconX size={16} />}>
            {t('search.clear')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/**
 * The brand choices (issue 31): with the result's counts, the brands that have cars in it first (most
 * cars first), then the others by name under "Otras marcas"; without counts, every brand by name.
 */
function brandChoices(counts: Counts, language: Locale, t: Translate) {
  const all = BRANDS.map((brand) => [brand.code, localize(brand.label, language)] as const);
  const [any, ...options] = choices(t('search.anyBrand'), all, counts, t);
  if (counts.size === 0) return [any!, ...options];
  const withCars = options.filter((option) => (counts.get(option.value) ?? 0) > 0).sort((a, b) => counts.get(b.value)! - counts.get(a.value)!);
  const others = options.filter((option) => !((counts.get(option.value) ?? 0) > 0));
  return [any!, { group: t('search.brandsWithCars'), items: withCars }, { group: t('search.otherBrands'), items: others }];
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
