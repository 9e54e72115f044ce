import { Container, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { AD_STATUS_LABELS, DEFAULT_OWNER_STATUS, localize, OWNER_STATUSES, type OwnerStatus } from '@ruedas/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdList } from '../../catalogue/AdList';
import { pageFromSearch } from '../../catalogue/layout';
import { MY_OPPORTUNITIES } from '../../catalogue/operations';
import { useLanguage } from '../../i18n';

function ownerStatusFrom(search: URLSearchParams): OwnerStatus {
  const value = search.get('status');
  return OWNER_STATUSES.find((status) => status === value) ?? DEFAULT_OWNER_STATUS;
}

/** The signed-in seller's ads in one of the six owner statuses (PUBLIC_ONLINE first), with the owner's box on each. */
export default function MyOpportunitiesPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [search, setSearch] = useSearchParams();
  const status = ownerStatusFrom(search);
  const page = pageFromSearch(search);
  const { data, error } = useQuery(MY_OPPORTUNITIES, { variables: { status, page }, fetchPolicy: 'cache-and-network' });
  useDocumentTitle(`${t('catalogue.mine.title')} · ${t('app.name')}`);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('catalogue.mine.title')}</Title>
          <NativeSelect
            label={t('catalogue.mine.filter')}
            value={status}
            data={OWNER_STATUSES.map((value) => ({ value, label: localize(AD_STATUS_LABELS[value], language) }))}
            onChange={(event) => setSearch({ status: event.currentTarget.value })}
            miw={220}
          />
        </Group>
        <AdList result={data?.myOpportunities} error={error} empty={t('catalogue.mine.empty')} />
      </Stack>
    </Container>
  );
}
