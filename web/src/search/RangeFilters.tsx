import { Box, Group, RangeSlider, Text } from '@mantine/core';
import { formatMoney, SEARCH_LIMITS, type Locale } from '@ruedas/domain';
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
}: {
  draft: SearchFilter;
  language: Locale;
  setDraft: (update: (current: SearchFilter) => SearchFilter) => void;
}) {
  const { t } = useTranslation();
  const price = priceSlider(draft.currency);
  const years = yearSlider();
  return (
    <>
      <RangeField
        label={t('search.price')}
        testId="price-slider"
        limits={price ?? SEARCH_LIMITS.priceSlider.CRC}
        value={priceRange(draft)}
        disabledText={t('search.priceNeedsCurrency')}
        thumbLabels={[t('search.priceFrom'), t('search.priceTo')]}
        format={(amount) => formatMoney(amount, draft.currency ?? 'CRC', language)}
        describe={(range, limits) =>
          describeRange(...exactRange(range, limits, draft.priceFrom, draft.priceTo), t, 'price', (amount) =>
            formatMoney(amount, draft.currency ?? 'CRC', language),
          )
        }
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
    </>
  );
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
