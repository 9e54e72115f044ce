import { useQuery } from '@apollo/client/react';
import { Card, Loader, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '../ui/hooks';
import { formatMoney, formatNumber, marketPriceCarSchema } from '@ruedas/domain';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/react';
import { graphql } from '../../generated/gql';
import type { MarketPriceCarInput } from '../../generated/gql/graphql';
import { useLanguage } from '../i18n';
import type { AdFormValues } from './rules';

export const MARKET_PRICE_RANGE = graphql(`
  query MarketPriceRange($car: MarketPriceCarInput!) {
    marketPriceRange(car: $car) {
      enough
      basis
      comparableCount
      currency
      estimate
      low
      high
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
  const range = data?.marketPriceRange;
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
