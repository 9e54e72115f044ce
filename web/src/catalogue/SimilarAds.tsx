import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '../data';
import type { Currency, Style } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { AdCard } from './AdCard';
import { SIMILAR_OPPORTUNITIES } from './operations';

/** How many similar cars the ad page shows. */
const SHOWN = 3;
/** Asked of each search: the shown ones, and this ad itself, which may be among them. */
const ASKED = SHOWN + 1;
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
  // Cards only (no facets or interpretation), as many as are shown and one more (this ad may be among
  // them; then the same-model ones may be among the second's): the server renders them before the first byte.
  const sameModel = useQuery(SIMILAR_OPPORTUNITIES, { variables: { filter: { brand: ad.brand, model: ad.model }, pageSize: ASKED } });
  const sameKind = useQuery(SIMILAR_OPPORTUNITIES, {
    variables: {
      filter: { style: ad.style, currency: ad.currency, priceFrom: Math.floor(ad.price * (1 - PRICE_BAND)), priceTo: Math.ceil(ad.price * (1 + PRICE_BAND)) },
      pageSize: ASKED,
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
