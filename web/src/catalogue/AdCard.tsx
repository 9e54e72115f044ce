import { Anchor, Text, Title } from '../ui/Text';
import { Group, Stack } from '../ui/Group';
import { Card, CardSection } from '../ui/Card';
import { Badge } from '../ui/Badge';
import { AD_STATUS_LABELS, FUEL_TYPE_LABELS, isPublicStatus, LEVEL_LABELS, localize, TRANSMISSION_TYPE_LABELS, type Currency } from '@ruedas/domain';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link, useNavigate } from '../router';
import type { AdCardFieldsFragment } from '../../generated/gql/graphql';
import { useLanguage } from '../i18n';
import { PhotoCarousel } from '../photos';
import { CompareButton } from '../compare/CompareButton';
import { PriceDropBadge } from '../prices/PriceBadges';
import { DealRating } from '../prices/DealRating';
import { AdManagement } from './AdManagement';
import { WhatsappButton } from './WhatsappButton';
import { adTitle, adWhatsappLink, cardPlace, extraLabels, mileageText, priceIn, priceText } from '../texts/adText';
import classes from './catalogue.module.css';
import { FavouriteStar } from './FavouriteStar';

/** The miniature shows at most this many extras (spec 01 §9). */
export const CARD_EXTRAS = 6;

export interface AdCardProps {
  ad: AdCardFieldsFragment;
  /** A compact card (the seller's other ads) leaves out the WhatsApp button and the management boxes. */
  compact?: boolean;
  /** The first card of a page: its photo is the page's largest paint, fetched at once. */
  priority?: boolean;
  /** A search's currency and the exchange rate: a price in the other currency also shows its equivalent (issue 31). */
  searchCurrency?: SearchCurrency;
}

/** The currency a search's prices are read in (colones unless it asks for dollars) and Ruedas' exchange rate. */
export interface SearchCurrency {
  currency: Currency;
  crcPerUsd: number;
}

/** The ad miniature card of spec 01 §2. */
export function AdCard({ ad, compact = false, priority = false, searchCurrency }: AdCardProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const title = adTitle(ad, language);
  const mileage = mileageText(ad, language);
  const extras = extraLabels(ad.extraList, language, CARD_EXTRAS);
  // The seller's own ad (My ads) gets no buyer's buttons: no star, WhatsApp or compare (issue 31).
  const mine = ad.isMine === true;
  const whatsapp = compact || mine ? null : adWhatsappLink(ad, language);
  const navigate = useNavigate();
  const equivalent = searchCurrency && priceIn(ad.askingPrice, searchCurrency.currency, searchCurrency.crcPerUsd, language);
  const ribbon = ad.message.trim() || (ad.level === 'FREE' ? '' : localize(LEVEL_LABELS[ad.level], language));

  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={title} className={classes.card}>
      <CardSection className={classes.media}>
        <PhotoCarousel ids={ad.attachmentIds} title={title} variant="compact" priority={priority} onPhotoClick={() => void navigate(`/opportunity/${ad.id}`)} />
        <div className={classes.tags}>
          {ad.isNew && (
            <Badge color="ruedas" variant="filled" size="sm">
              {t('catalogue.card.new')}
            </Badge>
          )}
          {!isPublicStatus(ad.status) && (
            <Badge color="dark" variant="filled" size="sm" data-testid="card-status">
              {ad.paymentPending === true && ad.status === 'PENDING_APPROVAL'
                ? t('catalogue.owner.paymentPending')
                : localize(AD_STATUS_LABELS[ad.status], language)}
            </Badge>
          )}
        </div>
        {ribbon && (
          <div className={classes.ribbon} data-level={ad.level} title={ribbon}>
            {ribbon}
          </div>
        )}
      </CardSection>

      <Stack gap={6} mt="xs" className={classes.grow}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap" className={classes.seller}>
            <SellerKind userType={ad.user.userType} />
            <Anchor component={Link} to={`/sellerOpportunities/${ad.user.id}`} size="xs" c="dimmed" truncate>
              {ad.user.fullName}
            </Anchor>
          </Group>
          {!mine && <FavouriteStar adId={ad.id} isFavorite={ad.isFavorite} title={title} />}
        </Group>
        <Title order={3} size="h4" lh={1.2}>
          <Link to={`/opportunity/${ad.id}`} className={classes.title}>
            {title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          {localize(TRANSMISSION_TYPE_LABELS[ad.transmissionType], language)} · {localize(FUEL_TYPE_LABELS[ad.fuelType], language)} ·{' '}
          <span title={mileage.unitName}>{mileage.text}</span>
        </Text>
        {ad.place && <CardPlace place={ad.place} />}
        <Text fw={800} size="xl" c="ruedas.7">
          {priceText(ad, language)}
          {equivalent && <PriceEquivalent amount={equivalent} />}
        </Text>
        {(ad.priceRating || ad.priceDrop) && (
          <Stack gap={4} align="flex-start">
            <DealRating rating={ad.priceRating} asking={ad.askingPrice} />
            <PriceDropBadge drop={ad.priceDrop} />
          </Stack>
        )}
        {extras.length > 0 && (
          <Group gap={4} aria-label={t('catalogue.card.extras')}>
            {extras.map((label) => (
              <Badge key={label} variant="light" color="gray" size="sm" tt="none" fw={500}>
                {label}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>

      {!compact && (
        <Stack gap="xs" mt="sm">
          {whatsapp && (
            <WhatsappButton adId={ad.id} href={whatsapp} size="sm" iconSize={18}>
              {t('catalogue.card.whatsapp')}
            </WhatsappButton>
          )}
          {isPublicStatus(ad.status) && !mine && <CompareButton adId={ad.id} title={title} />}
          <AdManagement ad={ad} title={title} />
        </Stack>
      )}
    </Card>
  );
}

/** A private seller's or a dealer's mark (issue 31). */
export function SellerKind({ userType }: { userType?: string | null }) {
  const { t } = useTranslation();
  if (!userType) return null;
  const dealer = userType === 'CARS_SELLER_MERCHANT';
  return (
    <Badge variant="light" color={dealer ? 'indigo' : 'gray'} size="xs" tt="none" fw={600} data-testid="seller-kind" data-kind={dealer ? 'dealer' : 'private'}>
      {t(dealer ? 'catalogue.card.dealer' : 'catalogue.card.private')}
    </Badge>
  );
}

/** The canton and province where the car is. */
export function CardPlace({ place }: { place: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="card-place" className={classes.place}>
      <IconMapPin size={14} aria-hidden />
      {cardPlace(place)}
    </Text>
  );
}

/** "≈ ₡6.300.000" beside a dollar price in a colón search (and the other way round). */
export function PriceEquivalent({ amount }: { amount: string }) {
  const { t } = useTranslation();
  return (
    <Text span size="sm" fw={600} c="dimmed" ml={8} data-testid="price-equivalent" title={t('catalogue.card.otherCurrencyHint', { amount })}>
      {t('catalogue.card.inOtherCurrency', { amount })}
    </Text>
  );
}
