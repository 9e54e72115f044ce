import { Anchor, Text, Title } from '../ui/Text';
import { Center, Stack } from '../ui/Group';
import { SimpleGrid } from '../ui/SimpleGrid';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Loader } from '../ui/Loader';
import { useQuery } from '../data';
import { isBrandCode, localize, STYLE_LABELS, type Style } from '@ruedas/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { useLanguage } from '../i18n';
import { searchHref } from '../search/address';
import { compactFilter } from '../search/filter';
import { AdCard } from './AdCard';
import { brandText } from '../texts/adText';
import { SIMILAR_OPPORTUNITIES, UNAVAILABLE_OPPORTUNITY } from './operations';

/** How many similar cars the page of an unavailable ad shows. */
export const SIMILAR_ADS = 4;

/**
 * The page of an ad that cannot be shown: sold, expired, removed or unknown. It says which (the
 * listings service tells a visitor only the reason and the car) and offers public ads of the same
 * brand and model, else the same brand, else the same style, with a link to the whole search.
 */
export function UnavailableAd({ adId, problem }: { adId: string; problem?: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { data, loading } = useQuery(UNAVAILABLE_OPPORTUNITY, { variables: { id: adId } });
  const gone = data?.unavailableOpportunity;
  if (loading && !data) {
    return (
      <Center py={120}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const reason = gone?.reason ?? 'UNKNOWN';
  const car = gone ? `${brandText(gone.brand, language)} ${gone.model} ${gone.year}` : '';
  return (
    <Stack gap="lg" data-testid="unavailable-ad" data-reason={reason}>
      <Alert color={reason === 'SOLD' ? 'green' : 'gray'} variant="light" radius="md">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {t(`catalogue.unavailable.title.${reason}`)}
          </Title>
          {gone && <Text fw={700}>{t('catalogue.unavailable.noLongerForSale')}</Text>}
          <Text>{gone ? t(`catalogue.unavailable.text.${reason}`, { car }) : (problem ?? t('catalogue.detail.notFoundText'))}</Text>
          {gone && (
            <Anchor
              component={Link}
              to={searchHref({ filter: compactFilter({ ...(isBrandCode(gone.brand) ? { brand: gone.brand } : {}), model: gone.model }) })}
              fw={600}
              data-testid="search-same-model"
            >
              {t('catalogue.unavailable.searchModel', { name: `${brandText(gone.brand, language)} ${gone.model}` })}
            </Anchor>
          )}
        </Stack>
      </Alert>
      {gone && <SimilarAds adId={adId} brand={gone.brand} model={gone.model} style={gone.style as Style} car={car} />}
      {!gone && (
        <Button component={Link} to="/searchingOpportunities" leftSection={<IconSearch size={16} />} style={{ alignSelf: 'flex-start' }}>
          {t('catalogue.unavailable.searchAll')}
        </Button>
      )}
    </Stack>
  );
}

function SimilarAds({ adId, brand, model, style, car: carText }: { adId: string; brand: string; model: string; style: Style; car: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const exact = useQuery(SIMILAR_OPPORTUNITIES, { variables: { filter: { brand, model } } });
  const exactItems = exact.data?.searchOpportunities.items ?? [];
  const needBrand = Boolean(exact.data) && exactItems.length < SIMILAR_ADS;
  const byBrand = useQuery(SIMILAR_OPPORTUNITIES, { variables: { filter: { brand } }, skip: !needBrand });
  const brandItems = byBrand.data?.searchOpportunities.items ?? [];
  const needStyle = Boolean(byBrand.data) && exactItems.length + brandItems.length < SIMILAR_ADS;
  const byStyle = useQuery(SIMILAR_OPPORTUNITIES, { variables: { filter: { style } }, skip: !needStyle });
  const seen = new Set<string>();
  const ads = [...exactItems, ...brandItems, ...(byStyle.data?.searchOpportunities.items ?? [])]
    .filter((ad) => ad.id !== adId && !seen.has(ad.id) && seen.add(ad.id))
    .slice(0, SIMILAR_ADS);
  // The ad's own brand, model and style (the server's codes): nothing to correct.
  const brandCode = isBrandCode(brand) ? brand : undefined;
  const searchFilter = compactFilter(exactItems.length > 0 ? { brand: brandCode, model } : brandItems.length > 0 ? { brand: brandCode } : { style });
  const searchName =
    exactItems.length > 0
      ? `${brandText(brand, language)} ${model}`
      : brandItems.length > 0
        ? brandText(brand, language)
        : localize(STYLE_LABELS[style], language);

  return (
    <Stack component="section" gap="md" aria-labelledby="similar-title">
      <Title order={2} id="similar-title">
        {t('catalogue.unavailable.similar', { car: carText })}
      </Title>
      {exact.loading && !exact.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : ads.length === 0 ? (
        <Text c="dimmed">{t('catalogue.unavailable.noSimilar')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="similar-ads">
          {ads.map((ad) => (
            <AdCard key={ad.id} ad={ad} />
          ))}
        </SimpleGrid>
      )}
      <Button
        component={Link}
        to={searchHref({ filter: searchFilter })}
        variant="light"
        leftSection={<IconSearch size={16} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('catalogue.unavailable.searchMore', { name: searchName })}
      </Button>
    </Stack>
  );
}
