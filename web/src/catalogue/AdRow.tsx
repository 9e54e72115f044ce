import { Group, Stack } from '../ui/Group';
import { Text } from '../ui/Text';
import { FUEL_TYPE_LABELS, localize, TRANSMISSION_TYPE_LABELS } from '@ruedas/domain';
import { Link } from '../router';
import type { AdCardFieldsFragment } from '../../generated/gql/graphql';
import { useLanguage } from '../i18n';
import { Photo } from '../photos';
import { adTitle, mileageText, priceIn, priceText } from '../texts/adText';
import classes from './catalogue.module.css';
import { CompareButton } from '../compare/CompareButton';
import { PriceDropBadge } from '../prices/PriceBadges';
import { DealRating } from '../prices/DealRating';
import { CardPlace, PriceEquivalent, SellerKind, type SearchCurrency } from './AdCard';
import { FavouriteStar } from './FavouriteStar';

/**
 * The compact form of an ad in a phone's result list: the cover photo beside the title, price,
 * transmission, fuel, mileage, place and the seller's kind, so several cars fit on a screen. The
 * photo and text open the ad; the star and compare buttons sit over the photo's corner (the title has
 * the text's whole width), and the deal rating under them is its own button (its explanation opens
 * on a tap).
 */
export function AdRow({
  ad,
  priority = false,
  eager = false,
  searchCurrency,
}: {
  ad: AdCardFieldsFragment;
  /** The first row's photo: the page's largest paint, fetched first. */ priority?: boolean;
  /** A row on the phone's first screen: its photo is not lazy (the rows are alike in size, so the largest paint may be any of them). */
  eager?: boolean;
  /** A search's currency: a price in the other one also shows its equivalent. */
  searchCurrency?: SearchCurrency;
}) {
  const [language] = useLanguage();
  const title = adTitle(ad, language);
  const mileage = mileageText(ad, language);
  const equivalent = searchCurrency && priceIn(ad.askingPrice, searchCurrency.currency, searchCurrency.crcPerUsd, language);
  return (
    <article className={classes.row} aria-label={title} data-testid="ad-row">
      <Link to={`/opportunity/${ad.id}`} className={classes.rowLink}>
        <Photo id={ad.attachmentIds[0]} alt={title} thumb ratio={4 / 3} priority={priority} loading={eager ? 'eager' : 'lazy'} className={classes.rowPhoto} />
        <Stack gap={2} className={classes.rowText}>
          <h3 className={classes.rowTitle}>{title}</h3>
          <Text fw={800} size="lg" c="ruedas.8" lh={1.2}>
            {priceText(ad, language)}
            {equivalent && <PriceEquivalent amount={equivalent} />}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {localize(TRANSMISSION_TYPE_LABELS[ad.transmissionType], language)} · {localize(FUEL_TYPE_LABELS[ad.fuelType], language)} · {mileage.text}
          </Text>
          <Group gap={4}>
            <SellerKind userType={ad.user.userType} />
            {ad.place && <CardPlace place={ad.place} />}
          </Group>
        </Stack>
      </Link>
      {(ad.priceRating || ad.priceDrop) && (
        <Group gap={6} className={classes.rowDeal}>
          <DealRating rating={ad.priceRating} asking={ad.askingPrice} size="xs" />
          <PriceDropBadge drop={ad.priceDrop} size="xs" />
        </Group>
      )}
      {ad.isMine !== true && (
        // The seller's own ad gets no buyer's buttons (issue 31).
        <Group className={classes.rowStar} gap={2}>
          <FavouriteStar adId={ad.id} isFavorite={ad.isFavorite} title={title} />
          <CompareButton adId={ad.id} title={title} iconOnly />
        </Group>
      )}
    </article>
  );
}
