import { Stack } from '../ui/Group';
import { Text } from '../ui/Text';
import { SimpleGrid } from '../ui/SimpleGrid';
import type { ErrorLike } from '@apollo/client';
import { useTranslation } from '../i18n/react';
import type { AdPageFieldsFragment } from '../../generated/gql/graphql';
import { ListFallback } from './ListFallback';
import { AdCard } from './AdCard';
import { Pagination } from './Pagination';

export interface AdListProps {
  /** The page of ads, once it arrived. */
  result: AdPageFieldsFragment | undefined;
  error?: ErrorLike;
  /** What to say when the list is empty. */
  empty: string;
  /** The id of an element above the list that a new page scrolls to. */
  anchor?: string;
  /** The list's cursor of the next page, when it seeks (issue 30). */
  next?: string | null;
}

/** A page of ad cards with its pagination, or why there is none. */
export function AdList({ result, error, empty, anchor, next }: AdListProps) {
  const { t } = useTranslation();
  if (!result) return <ListFallback error={error} failedTitle={t('catalogue.list.failed')} loadingLabel={t('app.loading')} />;
  return (
    <Stack gap="lg" data-testid="ad-list">
      {result.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {empty}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('catalogue.list.summary', { count: result.totalItems, page: result.page, pages: result.totalPages })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {result.items.map((ad) => (
              <AdCard key={ad.id} ad={ad} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Pagination page={result.page} totalPages={result.totalPages} anchor={anchor} next={next} />
    </Stack>
  );
}
