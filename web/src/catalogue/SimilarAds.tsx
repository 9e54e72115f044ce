import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '../data';
import type { Currency, Style } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { SEARCH_OPPORTUNITIES } from '../search/operations';
import { AdCard } from './AdCard';

/** How many similar cars the ad page shows. */
const SHOWN = 3;
/** "Similar price": a quarter below to a quarter above. */
const PRICE_BAND = 0.25;

interface SimilarTo {
  id: string;
  brand: string;
  model: string;
  style: Style;
  price: number;
  currency: Currency;
}

/**
 * "Similar cars" under an ad (issue 13): other public ads of the same brand and model and, to fill
 * the row, of the same style at a similar price (a quarter either way), through the search service.
 * Nothing when there are none.
 */
export function SimilarAds({ ad }: { ad: SimilarTo }) {
  const { t } = useTranslation();
  const sameModel = useQuery(SEARCH_OPPORTUNITIES, { variables: { filter: { brand: ad.brand, model: ad.model }, page: 1, sort: 'RELEVANCE' } });
  const sameKind = useQuery(SEARCH_OPPORTUNITIES, {
    variables: {
      filter: { style: ad.style, currency: ad.currency, priceFrom: Math.floor(ad.price * (1 - PRICE_BAND)), priceTo: Math.ceil(ad.price * (1 + PRICE_BAND)) },
      page: 1,
      sort: 'RELEVANCE',
    },
  });
  const seen = new Set([ad.id]);
  const similar = [...(sameModel.data?.searchOpportunities.items ?? []), ...(sameKind.data?.searchOpportunities.items ?? [])].filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  if (similar.length === 0) return null;
  return (
    <Stack component="section" gap="md" aria-labelledby="similar-ads" data-testid="similar-ads">
      <Title order={2} size="h3" id="similar-ads">
        {t('catalogue.detail.similarAds')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {similar.slice(0, SHOWN).map((item) => (
          <AdCard key={item.id} ad={item} compact />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
