import { Badge } from '../ui/Badge';
import { formatMoney, type Currency } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import { amountOf } from './amount';

export type PriceLabelName = 'GREAT' | 'GOOD' | 'FAIR' | 'HIGH' | 'NONE';

/**
 * The colour of each fair-price label (issue 19): greens for deals, grey fair, orange high. White text
 * reaches 4.5:1 on each: teal 9 (5.0; teal 7 gave 3.1), and a darker orange than Mantine's (orange 8
 * and 9 give 3.6 and 4.3).
 */
export const LABEL_COLOURS: Record<PriceLabelName, string> = { GREAT: 'green.8', GOOD: 'teal.9', FAIR: 'gray.7', HIGH: '#c2410c', NONE: 'gray' };

/** The fair-price label of an ad; nothing without a rating. */
export function PriceLabelBadge({ rating, size = 'sm' }: { rating: { label: PriceLabelName } | null | undefined; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  if (!rating || rating.label === 'NONE') return null;
  return (
    <Badge color={LABEL_COLOURS[rating.label]} variant="filled" size={size} tt="none" data-testid="price-label" data-label={rating.label}>
      {t(`prices.labels.${rating.label}`)}
    </Badge>
  );
}

/** "Dropped ₡500.000" for a recent price drop; nothing otherwise. */
export function PriceDropBadge({
  drop,
  size = 'sm',
}: {
  drop: { droppedBy: { amount: string; currency: Currency } } | null | undefined;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (!drop) return null;
  return (
    <Badge color="grape.7" variant="filled" size={size} tt="none" data-testid="price-drop">
      {t('prices.dropped', { amount: formatMoney(amountOf(drop.droppedBy), drop.droppedBy.currency, language) })}
    </Badge>
  );
}
