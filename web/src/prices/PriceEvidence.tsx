import { Group, Stack } from '../ui/Group';
import { Text, Title } from '../ui/Text';
import { Card } from '../ui/Card';
import { List, ListItem } from '../ui/List';
import type { ReactNode } from 'react';
import { formatDate, formatMoney, formatNumber } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import type { AdPriceEvidenceFragment } from '../../generated/gql/graphql';
import { useLanguage } from '../i18n';
import { amountOf } from './amount';
import { PriceDropBadge, PriceLabelBadge } from './PriceBadges';
import { PriceChart } from './PriceChart';

/** A card of the ad page's price part: a section titled (its id labels it, and names it for tests) with a badge beside the title. */
function PriceSection({ id, title, badge, children }: { id: string; title: string; badge: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id} data-testid={id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** The detail page's evidence of the fair-price rating (issue 19): estimate, range, count, basis, chart. */
export function PriceEvidence({ ad }: { ad: AdPriceEvidenceFragment }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const rating = ad.priceRating;
  if (!rating) return null;
  const crc = (amount: number) => formatMoney(amount, 'CRC', language);
  const estimate = rating.estimate && amountOf(rating.estimate);
  const low = rating.rangeLow && amountOf(rating.rangeLow);
  const high = rating.rangeHigh && amountOf(rating.rangeHigh);
  const price = amountOf(rating.price);
  return (
    <PriceSection id="price-evidence" title={t('prices.evidenceTitle')} badge={<PriceLabelBadge rating={rating} size="lg" />}>
      {estimate != null && low != null && high != null ? (
        <>
          <Text>
            {t('prices.estimate')}: <strong data-testid="price-estimate">{crc(estimate)}</strong>
          </Text>
          <Text size="sm" data-testid="price-range">
            {t('prices.range', { low: crc(low), high: crc(high) })}
          </Text>
          {rating.differencePercent != null && (
            <Text size="sm">
              {t('prices.difference', { percent: `${rating.differencePercent > 0 ? '+' : ''}${formatNumber(rating.differencePercent, language)}` })}
            </Text>
          )}
          <PriceChart
            prices={rating.comparablePrices.map(amountOf)}
            low={low}
            high={high}
            price={price}
            label={t('prices.chartLabel', { price: crc(price) })}
          />
          <Text size="sm" fw={600} data-testid="price-comparables">
            {t('prices.basedOn', { count: rating.comparableCount })}
          </Text>
        </>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="price-basis">
        {t(`prices.basis.${rating.basis}`)}
      </Text>
    </PriceSection>
  );
}

/** Days on market and each price change (issue 19). */
export function PriceHistory({ ad }: { ad: AdPriceEvidenceFragment }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (ad.daysOnMarket == null) return null;
  return (
    <PriceSection id="price-history" title={t('prices.historyTitle')} badge={<PriceDropBadge drop={ad.priceDrop} size="md" />}>
      <Text size="sm" data-testid="days-on-market">
        {ad.daysOnMarket === 0 ? t('prices.publishedToday') : t('prices.daysOnMarket', { count: ad.daysOnMarket })}
      </Text>
      {ad.priceHistory.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('prices.noChanges')}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {ad.priceHistory.map((change) => (
            <ListItem key={change.changedAt} data-testid="price-change">
              {t('prices.changedOn', {
                date: formatDate(change.changedAt),
                old: formatMoney(amountOf(change.priceBefore), change.priceBefore.currency, language),
                new: formatMoney(amountOf(change.priceAfter), change.priceAfter.currency, language),
              })}
            </ListItem>
          ))}
        </List>
      )}
    </PriceSection>
  );
}
