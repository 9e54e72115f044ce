import { formatMoney, priceRatingCaveat, type Currency } from '@ruedas/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import { amountOf } from './amount';
import classes from './DealRating.module.css';
import { LABEL_COLOURS, type PriceLabelName } from './PriceBadges';
import { Badge } from '../ui/Badge';

/** The parts of an ad's fair-price rating a card shows. */
export interface CardRating {
  label: PriceLabelName;
  basis: string;
  comparableCount: number;
  estimate?: { amount: string } | null;
  price: { amount: string };
}

/**
 * A card's deal rating (issue 31, item 4): the label with the amount under or over the estimated
 * market price, in the ad's own currency ("₡600.000 bajo el mercado"), marked when the estimate rests
 * on other brands or few cars (`priceRatingCaveat`); a tap opens the explanation (estimate, asking
 * price, comparables and their basis). Nothing without a rating.
 */
export function DealRating({
  rating,
  asking,
  size = 'sm',
}: {
  rating: CardRating | null | undefined;
  /** The ad's asking price: the difference is shown in its currency. */
  asking: { amount: string; currency: Currency };
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!rating || rating.label === 'NONE' || !rating.estimate) return null;
  const estimateCrc = amountOf(rating.estimate);
  const priceCrc = amountOf(rating.price);
  // The rating is in colones; a dollar ad's difference is carried over at its own price's rate.
  const perCrc = priceCrc > 0 ? amountOf(asking) / priceCrc : 0;
  const step = asking.currency === 'CRC' ? 1000 : 10;
  const gap = Math.round(((estimateCrc - priceCrc) * perCrc) / step) * step;
  const money = (amount: number) => formatMoney(amount, asking.currency, language);
  const difference = gap === 0 ? t('prices.atMarket') : t(gap > 0 ? 'prices.underMarket' : 'prices.overMarket', { amount: money(Math.abs(gap)) });
  const caveat = priceRatingCaveat(rating);
  const label = t(`prices.labels.${rating.label}`);
  return (
    <div className={classes.deal} data-size={size}>
      <button
        type="button"
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="deal-rating"
      >
        <Badge color={LABEL_COLOURS[rating.label]} variant="filled" size={size} tt="none" data-testid="price-label" data-label={rating.label}>
          {label}
        </Badge>
        <span className={classes.amount} data-testid="deal-amount">
          {difference}
          {caveat && (
            <span className={classes.caveat} data-testid="deal-caveat" data-caveat={caveat}>
              {' '}
              *&nbsp;{t(`prices.caveat.${caveat}`)}
            </span>
          )}
        </span>
      </button>
      <p id={id} hidden={!open} className={classes.explain} data-testid="deal-explain">
        {t('prices.explain', { estimate: money(Math.round(estimateCrc * perCrc)), price: money(amountOf(asking)) })}{' '}
        {t('prices.basedOn', { count: rating.comparableCount })}. {t(`prices.basis.${rating.basis}`)}
      </p>
    </div>
  );
}
