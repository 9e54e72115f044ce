import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../router';
import { AdList } from '../../catalogue/AdList';
import { pageFromSearch } from '../../catalogue/layout';
import { MY_WISH_LIST } from '../../catalogue/operations';

/** The signed-in user's favourites, newest first; a sold or expired one carries its status on the card. */
export default function MyWishListPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { data, error } = useQuery(MY_WISH_LIST, { variables: { page: pageFromSearch(search), after: search.get('after') }, fetchPolicy: 'cache-and-network' });
  useDocumentTitle(`${t('catalogue.wishList.title')} · ${t('app.name')}`);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('catalogue.wishList.title')}</Title>
          <Text c="dimmed">{t('catalogue.wishList.intro')}</Text>
        </Stack>
        <AdList result={data?.myWishList} error={error} empty={t('catalogue.wishList.empty')} next={data?.myWishList.next} />
      </Stack>
    </Container>
  );
}
