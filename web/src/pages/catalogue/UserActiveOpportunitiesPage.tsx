import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../router';
import { AdList } from '../../catalogue/AdList';
import { pageFromSearch } from '../../catalogue/layout';
import { SELLER_INFO, USER_ACTIVE_OPPORTUNITIES } from '../../catalogue/operations';
import { useViewer } from '../../catalogue/useViewer';

/** A user's public ads (`?userId=`, oneself when left out): for that user and administrators. */
export default function UserActiveOpportunitiesPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const viewer = useViewer();
  const userId = search.get('userId') ?? viewer.userId ?? '';
  const page = pageFromSearch(search);
  const ads = useQuery(USER_ACTIVE_OPPORTUNITIES, { variables: { userId, page }, skip: !userId, fetchPolicy: 'cache-and-network' });
  const seller = useQuery(SELLER_INFO, { variables: { sellerId: userId }, skip: !userId });
  useDocumentTitle(`${t('catalogue.userActive.title')} · ${t('app.name')}`);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('catalogue.userActive.title')}</Title>
          {seller.data && <Text c="dimmed">{seller.data.sellerInfo.fullName}</Text>}
        </Stack>
        <AdList result={ads.data?.userActiveOpportunities} error={ads.error} empty={t('catalogue.userActive.empty')} />
      </Stack>
    </Container>
  );
}
