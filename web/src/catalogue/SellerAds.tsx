import { Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '../data';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { AdCard } from './AdCard';
import { SELLER_OPPORTUNITIES } from './operations';

/** How many of the seller's other ads the detail shows before the link to all of them. */
const SHOWN = 3;

/** The seller's other public ads under an ad's detail, compact, with a link to the seller's page. */
export function SellerAds({ sellerId, exceptAdId }: { sellerId: string; exceptAdId: string }) {
  const { t } = useTranslation();
  // As many as are shown, and one more in case this ad is among them (not a whole page of cards: the server renders it before the first byte).
  const { data } = useQuery(SELLER_OPPORTUNITIES, { variables: { sellerId, page: 1, pageSize: SHOWN + 1 }, fetchPolicy: 'cache-and-network' });
  const others = (data?.sellerOpportunities.items ?? []).filter((ad) => ad.id !== exceptAdId).slice(0, SHOWN);

  return (
    <Stack component="section" gap="md" aria-labelledby="seller-ads">
      <Group justify="space-between">
        <Title order={2} size="h3" id="seller-ads">
          {t('catalogue.detail.sellerAds')}
        </Title>
        <Anchor component={Link} to={`/sellerOpportunities/${sellerId}`} fw={600}>
          {t('catalogue.detail.allSellerAds')}
        </Anchor>
      </Group>
      {others.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {others.map((ad) => (
            <AdCard key={ad.id} ad={ad} compact />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
