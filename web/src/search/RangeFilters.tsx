import { Box, Group, RangeSlider, Text } from '@mantine/core';
import { formatMoney, type Currency, type Locale } from '@ruedas/domain';
import { useId } from 'react';
import { useTranslation } from '../i18n/react';
import type { Translate } from './choices';
import type { SearchFilter } from './filter';
import { TypedRangeInputs } from './TypedRangeInputs';
import { withTypedPrice, withTypedYears } from './typedRange';
import { clampRange, priceRange, priceSlider, withPriceRange, withYearRange, yearRange, yearSlider, type Range, type SliderLimits } from './slider';

/** The price (with its currency's slider) and year ranges: a slider and two typed bounds each. */
export function RangeFilters({
  draft,
  language,
  setDraft,
  crcPerUsd,
}: {
  draft: SearchFilter;
  language: Locale;
  setDraft: (update: (current: SearchFilter) => SearchFilter) => void;
  /** The exchange rate: the price range is also shown in the other currency (issue 31). */
  crcPerUsd?: number;
}) {
  const { t } = useTranslation();
  // Colones unless the search asks for dollars (issue 31): the price is never disabled.
  const currency = draft.currency ?? 'CRC';
  const price = priceSlider(currency);
  const years = yearSlider();
  const converted = crcPerUsd ? otherCurrencyRange(draft, currency, crcPerUsd, t, language) : undefined;
  return (
    <>
      <RangeField
        label={t('search.price')}
        testId="price-slider"
        limits={price}
        value={priceRange(draft)}
        note={converted}
        thumbLabels={[t('search.priceFrom'), t('search.priceTo')]}
        format={(amount) => formatMoney(amount, currency, language)}
        describe={(range, limits) =>
          describeRange(...exactRange(range, limits, draft.priceFrom, draft.priceTo), t, 'price', (amount) => formatMoney(amount, currency, language))
        }
        onChange={(range) => setDraft((current) => withPriceRange(current, range))}
      />
      <TypedRangeInputs
        kind="price"
        from={draft.priceFrom}
        to={draft.priceTo}
        filter={draft}
        labels={[t('search.priceFrom'), t('search.priceTo')]}
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
    </>
  );
}

/** The chosen price bounds in the other currency ("≈ $10.000 a $20.000"), rounded; undefined without a bound. */
function otherCurrencyRange(draft: SearchFilter, currency: Currency, crcPerUsd: number, t: Translate, language: Locale): string | undefined {
  const { priceFrom: from, priceTo: to } = draft;
  if (from === undefined && to === undefined) return undefined;
  const other: Currency = currency === 'CRC' ? 'USD' : 'CRC';
  const convert = (amount: number) =>
    formatMoney(other === 'USD' ? Math.round(amount / crcPerUsd / 10) * 10 : Math.round((amount * crcPerUsd) / 1000) * 1000, other, language);
  const range =
    from === undefined
      ? t('search.priceUpTo', { to: convert(to!) })
      : to === undefined
        ? t('search.priceOrMore', { from: convert(from) })
        : t('search.priceRange', { from: convert(from), to: convert(to) });
  return t('catalogue.card.inOtherCurrency', { amount: range });
}

/**
 * The range to describe: the filter's own bounds when it has them (typed ones may fall between the
 * slider's steps or beyond its ends), with the slider's ends meaning "no bound" only where there is none.
 */
function exactRange(range: Range, limits: SliderLimits, from: number | undefined, to: number | undefined): [Range, SliderLimits] {
  return [[from ?? range[0], to ?? range[1]], { ...limits, min: from === undefined ? limits.min : -Infinity, max: to === undefined ? limits.max : Infinity }];
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
  value: Range;
  /** A line under the slider (the price in the other currency). */
  note?: string;
  thumbLabels: [string, string];
  format: (value: number) => string;
  describe: (range: Range, limits: SliderLimits) => string;
  onChange: (range: Range) => void;
}

/** A range slider under the slider rule: which thumb moved decides which one gives way. */
function RangeField({ label, testId, limits, value, note, thumbLabels, format, describe, onChange }: RangeFieldProps) {
  const labelId = useId();
  const shown = value;
  return (
    <Box data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${testId}-value`}>
          {describe(shown, limits)}
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
        label={format}
        thumbFromLabel={thumbLabels[0]}
        thumbToLabel={thumbLabels[1]}
        thumbValueText={format}
        onChange={([from, to]) => onChange(clampRange([from, to], limits, from !== shown[0] ? 'from' : 'to'))}
        mt={6}
        mb={4}
      />
      {note && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-other-currency`}>
          {note}
        </Text>
      )}
    </Box>
  );
}
