import { Center, Container, Group, Stack } from '../../ui/Group';
import { Text, Title } from '../../ui/Text';
import { Grid, GridCol } from '../../ui/Grid';
import { Card } from '../../ui/Card';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Loader } from '../../ui/Loader';
import { useMutation, useQuery } from '../../data';
import { AD_STATUS_LABELS, formatNumber, isPublicStatus, localize } from '@ruedas/domain';
import { IconArrowLeft, IconBrandFacebook, IconBrandWhatsapp } from '@tabler/icons-react';
import { memo, Suspense, useEffect, useMemo, useRef, type ComponentProps } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate, useParams } from '../../router';
import type { OpportunityQuery } from '../../../generated/gql/graphql';
import { apiError } from '../../data/apiError';
import { AdManagement } from '../../catalogue/AdManagement';
import { AdExtras, AdSpecs } from '../../catalogue/AdSpecs';
import { adCallLink, adTitle, adWhatsappLink, brandText, mileageText, priceText } from '../../texts/adText';
import { ContactBox } from '../../catalogue/ContactBox';
import { FavouriteStar } from '../../catalogue/FavouriteStar';
import { INCREMENT_VIEW_COUNT, OPPORTUNITY, UNAVAILABLE_OPPORTUNITY } from '../../catalogue/operations';
import { ReportAd } from '../../catalogue/ReportAd';
import { StickyContactBar } from '../../catalogue/StickyContactBar';
import { UnavailableAd } from '../../catalogue/UnavailableAd';
import { facebookShareUrl, previewUrl, whatsappShareUrl } from '../../catalogue/share';
import { useShareCount } from '../../catalogue/useShareCount';
import { useLanguage } from '../../i18n';
import { seenPart } from '../../parts/laterPart';
import { SeenSlot } from '../../parts/SeenSlot';
import { PhotoCarousel } from '../../photos';
import { CompareButton } from '../../compare/CompareButton';
import { PriceDropBadge, PriceLabelBadge } from '../../prices/PriceBadges';
import { withPriceNumbers } from '../../prices/amount';
import { PriceEvidence, PriceHistory } from '../../prices/PriceEvidence';
import { useHydrated, useOrigin, usePageHead } from '../../ssr/env';
import { carJsonLd } from '../../seo/structuredData';

type Ad = ReturnType<typeof withPriceNumbers<NonNullable<OpportunityQuery['opportunity']>>>;

// Below the first screen (on a phone): their code is fetched when their place comes near the screen
// (or at the first touch or key), then hydrated; until then the server's HTML stays (decisions 0103, 0209).
const FinancingCalculator = seenPart(() => import('../../catalogue/FinancingCalculator').then((module) => module.FinancingCalculator));
const SafetyTips = seenPart(() => import('../../catalogue/SafetyTips').then((module) => module.SafetyTips));
const SellerAds = seenPart(() => import('../../catalogue/SellerAds').then((module) => module.SellerAds));
const SimilarAds = seenPart(() => import('../../catalogue/SimilarAds').then((module) => module.SimilarAds));
const SIDE_PARTS = [SafetyTips, FinancingCalculator];
const AD_LISTS = [SellerAds, SimilarAds];

// Memoised: a re-render of the page before their chunks arrive (the view count, the page going live)
// does not reach the boundaries, which React would otherwise render afresh, dropping the server's HTML.
const LaterSideParts = memo(function LaterSideParts(props: ComponentProps<typeof FinancingCalculator>) {
  return (
    <SeenSlot parts={SIDE_PARTS} gap="md">
      <Suspense fallback={null}>
        <SafetyTips />
        <FinancingCalculator {...props} />
      </Suspense>
    </SeenSlot>
  );
});
const LaterAds = memo(function LaterAds({ ad }: { ad: Ad }) {
  return (
    <SeenSlot parts={AD_LISTS} gap="lg">
      <Suspense fallback={null}>
        <SellerAds sellerId={ad.user.id} exceptAdId={ad.id} />
        <SimilarAds ad={ad} />
      </Suspense>
    </SeenSlot>
  );
});

export default function OpportunityPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, loading } = useQuery(OPPORTUNITY, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const answer = data?.opportunity;
  const ad = useMemo(() => answer && withPriceNumbers(answer), [answer]);
  const [language] = useLanguage();
  const origin = useOrigin();
  // No ad for a visitor: was it public once (sold, expired, removed)? The same query UnavailableAd shows.
  // Asked once the ad is known to be missing: on the server the ad's query holds the page until it is
  // answered (decision 0228); the live browser asks only once the ad is known to be missing.
  const hydrated = useHydrated();
  const unavailable = useQuery(UNAVAILABLE_OPPORTUNITY, { variables: { id }, skip: Boolean(ad) || (hydrated && loading) });
  const gone = unavailable.data?.unavailableOpportunity;
  usePageHead(
    ad
      ? {
          title: `${adTitle(ad, language)} · ${priceText(ad, language)} · ${t('app.name')}`,
          description: t('seo.ad', {
            title: adTitle(ad, language),
            price: priceText(ad, language),
            mileage: mileageText(ad, language).text,
            location: ad.place,
          }),
          jsonLd: carJsonLd(ad, language, origin),
          // Sold, expired or waiting: shown to its owner and administrators only, never indexed.
          ...(isPublicStatus(ad.status) ? {} : { status: 410, noindex: true }),
        }
      : gone
        ? // Once public, no longer for sale: 410 Gone, kept out of the index, with similar cars.
          {
            title: `${t(`catalogue.unavailable.title.${gone.reason}`)}: ${brandText(gone.brand, language)} ${gone.model} ${gone.year} · ${t('app.name')}`,
            description: t('catalogue.unavailable.noLongerForSale'),
            status: 410,
            noindex: true,
          }
        : // An unknown ad (or one a visitor may not see) is a 404, in the HTML too.
          { title: `${t('catalogue.detail.notFound')} · ${t('app.name')}`, ...(loading || unavailable.loading ? {} : { status: 404, noindex: true }) },
  );

  if (ad) return <AdDetail ad={ad} />;
  return (
    <Container size="lg" py="xl">
      <BackButton />
      {loading && !gone ? (
        <Center py={120}>
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (
        <UnavailableAd adId={id} problem={error ? apiError(error).message : undefined} />
      )}
    </Container>
  );
}

/**
 * Counts one view per visit of the page (not per render) and shows the ad's views, then the new count.
 * A part of its own: the tally's answer renders this text, not the whole page again (issue 31 item 10).
 */
function ViewTally({ adId, views }: { adId: string; views: number }) {
  const [language] = useLanguage();
  // A number for no cache: sent without Apollo Client, which the ad's page then need not load (decision 0136).
  const [increment, { data }] = useMutation(INCREMENT_VIEW_COUNT, { fetchPolicy: 'no-cache' });
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === adId) return;
    counted.current = adId;
    void increment({ variables: { opportunityId: adId } }).catch(() => undefined);
  }, [adId, increment]);
  return formatNumber(data?.incrementViewCount ?? views, language);
}

/** Back to where the visitor came from (the list's scroll position is restored), or home when they came from outside. */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromApp = location.key !== 'default';
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => void (cameFromApp ? navigate(-1) : navigate('/'))}
      style={{ alignSelf: 'flex-start', paddingInline: 0 }}
    >
      {t('catalogue.detail.back')}
    </Button>
  );
}

// Memoised: the page going live (useHydrated) renders OpportunityPage again, not the ad's detail.
const AdDetail = memo(function AdDetail({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const title = adTitle(ad, language);
  const shared = previewUrl(useOrigin(), ad.id);
  const countShare = useShareCount();

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <BackButton />
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              {ad.isNew && <Badge color="ruedas">{t('catalogue.card.new')}</Badge>}
              {!isPublicStatus(ad.status) && <Badge color="dark">{localize(AD_STATUS_LABELS[ad.status], language)}</Badge>}
              {ad.message.trim() && (
                <Badge color="gold" variant="light" tt="none">
                  {ad.message}
                </Badge>
              )}
            </Group>
            <Title order={1}>{title}</Title>
            <Text fw={800} fz={{ base: 26, sm: 32 }} c="ruedas.7" data-testid="detail-price">
              {priceText(ad, language)}
            </Text>
            <Group gap="xs">
              <PriceLabelBadge rating={ad.priceRating} size="md" />
              <PriceDropBadge drop={ad.priceDrop} size="md" />
              {isPublicStatus(ad.status) && <CompareButton adId={ad.id} title={title} size="sm" />}
            </Group>
          </Stack>
          <FavouriteStar adId={ad.id} isFavorite={ad.isFavorite} title={title} />
        </Group>

        <Grid gap="lg">
          <GridCol span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <PhotoCarousel ids={ad.attachmentIds} title={title} variant="large" priority />
              {ad.description.trim() && (
                <Card withBorder radius="md" padding="md" component="section" aria-labelledby="seller-description" data-testid="seller-description">
                  <Title order={2} size="h4" id="seller-description" mb="xs">
                    {t('catalogue.detail.sellerDescription')}
                  </Title>
                  <Text style={{ whiteSpace: 'pre-line' }}>{ad.description}</Text>
                </Card>
              )}
              <AdSpecs ad={ad} views={<ViewTally adId={ad.id} views={ad.viewCount} />} locale={language} />
              <AdExtras keys={ad.extraList} locale={language} />
            </Stack>
          </GridCol>
          <GridCol span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <PriceEvidence ad={ad} />
              <PriceHistory ad={ad} />
              <ContactBox adId={ad.id} sellerId={ad.user.id} sellerName={ad.user.fullName} whatsapp={adWhatsappLink(ad, language)} />
              <LaterSideParts price={ad.price} currency={ad.currency} locale={language} />
              <Card withBorder radius="md" padding="md">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('catalogue.detail.share')}
                  </Title>
                  <Group gap="xs" grow>
                    {(
                      [
                        ['FACEBOOK', 'Facebook', facebookShareUrl(shared), 'blue', IconBrandFacebook],
                        ['WHATSAPP', 'WhatsApp', whatsappShareUrl(title, shared), 'green', IconBrandWhatsapp],
                      ] as const
                    ).map(([network, name, href, color, Brand]) => (
                      <Button
                        key={network}
                        component="a"
                        href={href}
                        onClick={() => countShare(ad.id, network)}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="light"
                        color={color}
                        leftSection={<Brand size={18} />}
                      >
                        {name}
                      </Button>
                    ))}
                  </Group>
                </Stack>
              </Card>
              <AdManagement ad={ad} title={title} />
              <ReportAd adId={ad.id} />
            </Stack>
          </GridCol>
        </Grid>

        <LaterAds ad={ad} />
      </Stack>
      {isPublicStatus(ad.status) && !ad.isMine && <StickyContactBar adId={ad.id} whatsapp={adWhatsappLink(ad, language)} call={adCallLink(ad)} />}
    </Container>
  );
});
