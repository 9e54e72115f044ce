import { Center, Container, Group, Loader, NativeSelect, Stack, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { AD_STATUS_LABELS, DEFAULT_OWNER_STATUS, localize, OWNER_STATUSES, type OwnerStatus } from '@ruedas/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../router';
import { AdList } from '../../catalogue/AdList';
import { pageFromSearch } from '../../catalogue/layout';
import { MY_OPPORTUNITIES, MY_OPPORTUNITY_COUNTS } from '../../catalogue/operations';
import { useLanguage } from '../../i18n';

/** The seller's figures (issue 20): their own chunk, loaded after the list. */
const MyInsightsPanel = lazy(() => import('../../insights/MyInsightsPanel'));

function ownerStatusFrom(search: URLSearchParams): OwnerStatus | null {
  const value = search.get('status');
  return OWNER_STATUSES.find((status) => status === value) ?? null;
}

/**
 * The signed-in seller's ads in one of the six owner statuses, with the owner's box on each. Without
 * a status in the address it opens on the first status that has ads (PUBLIC_ONLINE first), so a new
 * unpaid or just-edited ad is never hidden behind an empty tab; each choice carries its count.
 */
export default function MyOpportunitiesPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [search, setSearch] = useSearchParams();
  const counts = useQuery(MY_OPPORTUNITY_COUNTS, { fetchPolicy: 'cache-and-network' });
  const countOf = new Map((counts.data?.myOpportunityCounts ?? []).map((entry) => [entry.status, entry.count]));
  const chosen = ownerStatusFrom(search);
  const firstWithAds = OWNER_STATUSES.find((value) => (countOf.get(value) ?? 0) > 0);
  const status = chosen ?? (counts.data ? (firstWithAds ?? DEFAULT_OWNER_STATUS) : null);
  const page = pageFromSearch(search);
  const { data, error } = useQuery(MY_OPPORTUNITIES, {
    variables: { status: status ?? DEFAULT_OWNER_STATUS, page },
    skip: status === null,
    fetchPolicy: 'cache-and-network',
  });
  useDocumentTitle(`${t('catalogue.mine.title')} · ${t('app.name')}`);

  const label = (value: OwnerStatus) => {
    const name = localize(AD_STATUS_LABELS[value], language);
    const count = countOf.get(value);
    return count === undefined ? name : t('catalogue.mine.statusCount', { status: name, count });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('catalogue.mine.title')}</Title>
          <NativeSelect
            label={t('catalogue.mine.filter')}
            value={status ?? ''}
            data={OWNER_STATUSES.map((value) => ({ value, label: label(value) }))}
            onChange={(event) => setSearch({ status: event.currentTarget.value })}
            miw={220}
          />
        </Group>
        {status === null && !counts.error ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : (
          <AdList result={data?.myOpportunities} error={error ?? counts.error} empty={t('catalogue.mine.empty')} />
        )}
        <Suspense fallback={null}>
          <MyInsightsPanel />
        </Suspense>
      </Stack>
    </Container>
  );
}
