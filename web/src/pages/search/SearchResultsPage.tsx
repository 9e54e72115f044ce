import { Container, Group, Stack, VisuallyHidden } from '../../ui/Group';
import { Text, Title } from '../../ui/Text';
import { Grid, GridCol } from '../../ui/Grid';
import { Paper } from '../../ui/Paper';
import { SimpleGrid } from '../../ui/SimpleGrid';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { NativeSelect } from '../../ui/NativeSelect';
import type { ErrorLike } from '@apollo/client';
import { useQuery } from '../../data';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { formatNumber } from '@ruedas/domain';
import { memo, Suspense, useCallback, useEffect, useId, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../router';
import { SaveSearchButton } from '../../alerts/SaveSearchButton';
import { AdCard, type SearchCurrency } from '../../catalogue/AdCard';
import { CRC_PER_USD } from '../../catalogue/operations';
import { AdRow } from '../../catalogue/AdRow';
import { ListFallback } from '../../catalogue/ListFallback';
import { Pagination } from '../../catalogue/Pagination';
import { useLanguage } from '../../i18n';
import { laterPart } from '../../parts/laterPart';
import { lazyPart } from '../../parts/lazyPart';
import { NARROW_SCREEN_QUERY, useNarrowScreen } from '../../ssr/useNarrowScreen';
import { searchHref, SEARCH_SORTS, type SearchSortName } from '../../search/address';
import { readSearchAddress } from '../../search/readAddress';
import { activeFilterCount } from '../../search/activeFilters';
import { InterpretationLine } from '../../search/InterpretationLine';
import { FilterChips } from '../../search/FilterChips';
import type { SearchFilter } from '../../search/filter';
import { useRunSearch } from '../../search/navigation';
import { SEARCH_OPPORTUNITIES, type SearchOpportunitiesQuery } from '../../search/operations';
import { SearchAlternatives } from '../../search/SearchAlternatives';
import { SimpleSearch } from '../../search/SimpleSearch';
import { resolveSearchFilter, storedQuery } from '../../search/storedQuery';
import { useHydrated, useOrigin, usePageHead } from '../../ssr/env';
import { itemListJsonLd } from '../../seo/structuredData';

/** The id the pagination's links scroll to. */
const RESULTS_ANCHOR = 'results';
/** The phone rows on a first screen (about 125 px each below the search box): their photos load at once. */
const FIRST_SCREEN_ROWS = 4;

// The desktop's filters panel is hydrated after the results; the phone's drawer loads at its first
// tap (decision 0103).
const AdvancedSearch = laterPart(() => import('../../search/AdvancedSearch').then((module) => module.AdvancedSearch));
// Only a screen that shows the panel (not a phone) fetches it, at once.
if (typeof window !== 'undefined' && !window.matchMedia(NARROW_SCREEN_QUERY).matches) AdvancedSearch.preload();
const FiltersDrawer = lazyPart(() => import('../../search/FiltersDrawer').then((module) => module.FiltersDrawer), { apollo: false });
// Memoised: a re-render of the page before the panel's chunk arrives (the page going live) does not
// reach its boundary, which React would otherwise render afresh, dropping the server's HTML.
const FiltersPanel = memo(function FiltersPanel(props: ComponentProps<typeof AdvancedSearch>) {
  return (
    <Suspense fallback={null}>
      <AdvancedSearch {...props} />
    </Suspense>
  );
});

/**
 * /searchingOpportunities (spec 01 §2): the search of the `filters` parameter (or, without one, of
 * the stored query, which is removed when the page is left), the simple and advanced search to
 * change it, the result count, sort, the ad cards with their pagination, or "no results found".
 */
export default function SearchResultsPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const runSearch = useRunSearch();
  const address = useMemo(() => readSearchAddress(params), [params]);
  // Read once, on arrival: the stored query stands in for a missing `filters` parameter.
  const [stored] = useState(() => storedQuery.read());
  // The server knows no stored query: the page hydrates as the server rendered it, then uses it.
  const hydrated = useHydrated();
  const { filter, fromStorage } = resolveSearchFilter(address, hydrated ? stored : undefined);
  const { page, sort } = address;
  const panelId = useId();
  // Phones (under Mantine's `sm`): the filters wait behind a button, in a drawer, and results are compact rows.
  // First as the server guessed from the request (so hydration matches its HTML), then the screen's.
  const phone = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const activeFilters = activeFilterCount(filter);

  // Spec 01 §8: an unparseable filters parameter is logged to the console only.
  useEffect(() => {
    if (address.problem) console.error(address.problem);
  }, [address.problem]);
  // The stored query's search gets its own address, so it can be shared like any other.
  useEffect(() => {
    if (fromStorage) void navigate(searchHref({ filter, page, sort }), { replace: true });
  }, [fromStorage, filter, page, sort, navigate]);
  // Spec 01 §2: the stored query is removed on leaving.
  useEffect(() => () => storedQuery.clear(), []);

  const { data, previousData, error, loading } = useQuery(SEARCH_OPPORTUNITIES, {
    variables: { filter, page, sort },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.searchOpportunities;
  // Issue 31: a price in the other currency than the search's (colones unless it asks for dollars) also shows its equivalent.
  const crcPerUsd = useQuery(CRC_PER_USD).data?.crcPerUsd;
  const searchCurrency = useMemo<SearchCurrency | undefined>(
    () => (crcPerUsd ? { currency: filter.currency ?? 'CRC', crcPerUsd } : undefined),
    [crcPerUsd, filter.currency],
  );
  const origin = useOrigin();
  usePageHead({
    title: `${t('search.title')} · ${t('app.name')}`,
    description: result ? t('seo.searchCount', { total: formatNumber(result.totalItems, language) }) : t('seo.search'),
    ...(result ? { jsonLd: itemListJsonLd(result.items, language, origin) } : {}),
  });

  const narrow = useCallback((next: SearchFilter) => runSearch(next, { sort, replace: true }), [runSearch, sort]);
  const search = useCallback((next: SearchFilter) => runSearch(next, { sort }), [runSearch, sort]);
  const { text } = filter;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Title order={1}>{t('search.title')}</Title>
          <SaveSearchButton filter={filter} />
        </Group>
        <Paper p="sm" radius="lg" withBorder>
          <SimpleSearch
            text={text ?? ''}
            onSearch={search}
            // The phone's layout is set by CSS breakpoints first (the server renders it too, so nothing
            // moves when the page goes live), then by `phone` once hydrated.
            // On a desktop the filters panel is always shown: "Búsqueda avanzada" takes the person to its
            // first field rather than hiding it (issue 31).
            advanced={phone ? undefined : { controls: panelId, onToggle: () => focusPanel(panelId), visibleFrom: 'sm' }}
          />
        </Paper>
        {!phone && (
          // The server's (and a desktop's) filters button: shown on a phone only until the page is live.
          <Button
            variant="default"
            hiddenFrom="sm"
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            style={{ alignSelf: 'flex-start' }}
            tabIndex={-1}
            aria-hidden
          >
            {t('search.filtersButton')}
          </Button>
        )}
        {phone && (
          <>
            <Button
              variant="default"
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
              aria-haspopup="dialog"
              leftSection={<IconAdjustmentsHorizontal size={18} />}
              rightSection={
                activeFilters > 0 ? (
                  <Badge size="md" color="ruedas" data-testid="active-filters" tt="none">
                    {activeFilters}
                    <VisuallyHidden> {t('search.filtersActive', { count: activeFilters })}</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {t('search.filtersButton')}
            </Button>
            {drawerUsed && (
              <Suspense fallback={null}>
                <FiltersDrawer
                  opened={drawerOpen}
                  onClose={() => setDrawerOpen(false)}
                  filter={filter}
                  facets={result?.facets}
                  onChange={narrow}
                  onSearch={search}
                  crcPerUsd={crcPerUsd}
                  liveCount={{ total: result?.totalItems, loading }}
                />
              </Suspense>
            )}
          </>
        )}
        <FilterChips filter={filter} onChange={search} />
        <Grid gap="lg">
          <GridCol span={{ base: 12, md: 4 }} display={phone ? 'none' : undefined} visibleFrom="sm">
            <div id={panelId}>
              <Paper p="md" radius="md" withBorder>
                <Title order={2} size="h4" mb="sm">
                  {t('search.filtersTitle')}
                </Title>
                {!phone && <FiltersPanel filter={filter} facets={result?.facets} onChange={narrow} onSearch={search} crcPerUsd={crcPerUsd} />}
              </Paper>
            </div>
          </GridCol>
          <GridCol span={{ base: 12, md: phone ? 12 : 8 }}>
            <Stack gap="md" id={RESULTS_ANCHOR} component="section" aria-label={t('search.title')}>
              <Group justify="space-between" align="flex-end" gap="sm">
                <Stack gap={2}>
                  {result && (
                    // The heading of the list (its cards' titles are h3): one level under the page's h1.
                    <Text component="h2" fw={700} size="lg" data-testid="result-count" aria-live="polite">
                      {t('search.resultCount', { count: result.totalItems, formatted: formatNumber(result.totalItems, language) })}
                    </Text>
                  )}
                  {result && (
                    <InterpretationLine
                      interpretation={result.interpretation}
                      total={result.totalItems}
                      onText={(next) => search({ ...filter, text: next || undefined })}
                    />
                  )}
                </Stack>
                <NativeSelect
                  label={t('search.sort')}
                  value={sort}
                  onChange={(event) => void navigate(searchHref({ filter, sort: event.currentTarget.value as SearchSortName }))}
                  data={SEARCH_SORTS.map((value) => ({ value, label: t(`search.sorts.${value}`) }))}
                  w={phone ? 150 : 230}
                />
              </Group>
              <Results result={result} error={error} loading={loading} compact={phone} onSearch={search} searchCurrency={searchCurrency} />
            </Stack>
          </GridCol>
        </Grid>
      </Stack>
    </Container>
  );
}

type SearchResult = SearchOpportunitiesQuery['searchOpportunities'];

/** Scrolls to the filters panel and focuses its first field. */
function focusPanel(id: string) {
  const panel = document.getElementById(id);
  panel?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  panel?.querySelector<HTMLElement>('input, select')?.focus({ preventScroll: true });
}

function Results({
  result,
  error,
  loading,
  compact,
  onSearch,
  searchCurrency,
}: {
  result: SearchResult | undefined;
  error?: ErrorLike;
  loading: boolean;
  compact: boolean;
  onSearch: (filter: SearchFilter) => void;
  searchCurrency?: SearchCurrency;
}) {
  const { t } = useTranslation();
  if (!result) return <ListFallback error={error} failedTitle={t('search.failed')} loadingLabel={t('app.loading')} />;
  return (
    <Stack gap="lg" data-testid="ad-list" aria-busy={loading}>
      {result.items.length === 0 ? (
        <Stack gap={4} py="xl" align="center" data-testid="no-results">
          <Text fw={700} size="lg">
            {t('search.noResults')}
          </Text>
          <Text c="dimmed">{t('search.noResultsHint')}</Text>
          <SearchAlternatives alternatives={result.alternatives} onSearch={onSearch} />
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('search.pageOf', { page: result.page, pages: result.totalPages })}
          </Text>
          {compact ? (
            <Stack gap="xs">
              {result.items.map((ad, index) => (
                <AdRow key={ad.id} ad={ad} priority={index === 0} eager={index < FIRST_SCREEN_ROWS} searchCurrency={searchCurrency} />
              ))}
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 2 }} spacing="md">
              {result.items.map((ad, index) => (
                <AdCard key={ad.id} ad={ad} priority={index === 0} searchCurrency={searchCurrency} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      <Pagination page={result.page} totalPages={result.totalPages} anchor={RESULTS_ANCHOR} />
    </Stack>
  );
}
