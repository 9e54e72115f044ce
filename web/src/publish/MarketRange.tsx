import { useQuery } from '@apollo/client/react';
import { Card, Loader, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '../ui/hooks';
import { formatMoney, formatNumber, marketPriceCarSchema, pricePosition } from '@ruedas/domain';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/react';
import { graphql } from '../../generated/gql';
import type { MarketPriceCarInput } from '../../generated/gql/graphql';
import { useLanguage } from '../i18n';
import type { AdFormValues } from './rules';
import { amountOf } from '../prices/amount';

export const MARKET_PRICE_RANGE = graphql(`
  query MarketPriceRange($car: MarketPriceCarInput!) {
    marketPriceRange(car: $car) {
      enough
      basis
      comparableCount
      currency
      estimatedPrice {
        amount
      }
      lowPrice {
        amount
      }
      highPrice {
        amount
      }
    }
  }
`);

/** How long the car must stay unchanged before the range is asked for (typing a model or a mileage). */
const SETTLE_MS = 500;

/**
 * The car of the form as the market range needs it, or null until brand, model, year and mileage
 * pass the ad form's rules (the same schema the search service checks).
 */
export function carOf(values: AdFormValues): MarketPriceCarInput | null {
  if (values.mileage.trim() === '' || values.year.trim() === '') return null;
  const parsed = marketPriceCarSchema().safeParse({
    brand: values.brand,
    model: values.model,
    year: Number(values.year),
    mileage: Number(values.mileage),
    mileageUnit: values.mileageUnit,
    style: values.style || null,
    fuelType: values.fuelType || null,
    transmissionType: values.transmissionType || null,
    currency: values.currency,
  });
  return parsed.success ? (parsed.data as MarketPriceCarInput) : null;
}

/**
 * Pricing help in the ad wizard (issue 20): the estimated market range of the car being described,
 * from the public ads like it, in the ad's currency; a plain message when too few are published.
 */
export function MarketRange({ values }: { values: AdFormValues }) {
  const { t } = useTranslation();
  const [locale] = useLanguage();
  const wanted = carOf(values);
  const key = JSON.stringify(wanted);
  const [settled] = useDebouncedValue(key, SETTLE_MS);
  const car = useMemo(() => JSON.parse(settled) as MarketPriceCarInput | null, [settled]);
  const { data, loading, error } = useQuery(MARKET_PRICE_RANGE, { variables: { car: car! }, skip: !car || settled !== key });
  const found = data?.marketPriceRange;
  const range = found && {
    ...found,
    estimate: found.estimatedPrice && amountOf(found.estimatedPrice),
    low: found.lowPrice && amountOf(found.lowPrice),
    high: found.highPrice && amountOf(found.highPrice),
  };
  const money = (amount: number) => formatMoney(amount, range?.currency ?? values.currency, locale);

  let body;
  if (!wanted)
    body = (
      <Text size="sm" c="dimmed">
        {t('publish.marketRange.fillIn')}
      </Text>
    );
  else if (loading || settled !== key || (!range && !error))
    body = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('publish.marketRange.loading')}
        </Text>
      </Group>
    );
  else if (error || !range)
    body = (
      <Text size="sm" c="red">
        {t('publish.marketRange.error')}
      </Text>
    );
  else if (!range.enough || range.low == null || range.high == null || range.estimate == null)
    body = (
      <Text size="sm" data-testid="market-range-none">
        {t('publish.marketRange.notEnough')}
      </Text>
    );
  else
    body = (
      <>
        <Text fw={700} data-testid="market-range-values">
          {t('publish.marketRange.range', { low: money(range.low), high: money(range.high) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('publish.marketRange.estimate', { estimate: money(range.estimate), ads: formatNumber(range.comparableCount, locale) })}
        </Text>
        {values.price > 0 && <PricePosition price={values.price} range={{ low: range.low, high: range.high, estimate: range.estimate }} />}
        {range.basis === 'MODEL_FAMILY' && (
          <Text size="sm" c="dimmed">
            {t('publish.marketRange.basisFamily')}
          </Text>
        )}
        {range.basis === 'SEGMENT' && (
          <Text size="sm" c="dimmed">
            {t('publish.marketRange.basisSegment')}
          </Text>
        )}
      </>
    );
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="market-range-title" aria-live="polite" data-testid="market-range">
      <Text fw={600} size="sm" id="market-range-title">
        {t('publish.marketRange.title')}
      </Text>
      {body}
    </Card>
  );
}

/** The colour of each place: inside the usual range is fine, outside it is worth a second look. */
const PLACE_COLOUR = { below: '#9a3412', within: '#166534', above: '#9a3412' } as const;

/**
 * Where the price typed sits in the range (issue 31), live: a strip with the usual range shaded and
 * the price marked, and in words, by how much against the estimate ("65 % above the estimate, over
 * the usual range").
 */
function PricePosition({ price, range }: { price: number; range: { low: number; high: number; estimate: number } }) {
  const { t } = useTranslation();
  const { place, percent } = pricePosition(price, range);
  // The strip spans from half the low end to one and a half times the high end; the price is kept on it.
  const from = range.low * 0.5;
  const to = range.high * 1.5;
  const at = (amount: number) => Math.min(100, Math.max(0, ((amount - from) / (to - from)) * 100));
  const amount = Math.abs(percent);
  const words =
    place === 'within'
      ? t('publish.marketRange.within', { count: amount, direction: t(percent < 0 ? 'publish.marketRange.under' : 'publish.marketRange.over') })
      : t(place === 'above' ? 'publish.marketRange.above' : 'publish.marketRange.below', { count: amount });
  return (
    <div data-testid="price-position" data-place={place} data-percent={percent}>
      <div aria-hidden="true" style={{ position: 'relative', height: 10, margin: '8px 0 4px', borderRadius: 5, background: 'var(--mantine-color-gray-2)' }}>
        <div
          style={{
            position: 'absolute',
            left: `${at(range.low)}%`,
            width: `${at(range.high) - at(range.low)}%`,
            top: 0,
            bottom: 0,
            borderRadius: 5,
            background: 'var(--mantine-color-teal-2)',
          }}
        />
        <div
          style={{
            position: 'absolute',
            left: `calc(${at(price)}% - 2px)`,
            top: -4,
            bottom: -4,
            width: 4,
            borderRadius: 2,
            background: PLACE_COLOUR[place],
          }}
        />
      </div>
      <Text size="sm" fw={600} style={{ color: PLACE_COLOUR[place] }}>
        {words}
      </Text>
    </div>
  );
}
