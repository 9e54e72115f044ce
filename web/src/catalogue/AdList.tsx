import { Alert, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ErrorLike } from '@apollo/client';
import { useTranslation } from '../i18n/react';
import type { AdPageFieldsFragment } from '../../generated/gql/graphql';
import { apiError } from '../account/apiError';
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
}

/** A page of ad cards with its pagination, or why there is none. */
export function AdList({ result, error, empty, anchor }: AdListProps) {
  const { t } = useTranslation();
  if (error && !result) {
    return (
      <Alert color="red" title={t('catalogue.list.failed')}>
        {apiError(error).message}
      </Alert>
    );
  }
  if (!result) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
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
      <Pagination page={result.page} totalPages={result.totalPages} anchor={anchor} />
    </Stack>
  );
}
