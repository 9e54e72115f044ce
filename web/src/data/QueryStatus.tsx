import { Alert, Center, Loader } from '@mantine/core';
import { apiError } from './apiError';
import { useTranslation } from '../i18n/react';

/**
 * Where a page's data stands before it shows: the query's failure as a red alert (its translated
 * message) and, while `loading` holds, a spinner.
 */
export function QueryStatus({ error, loading }: { error: unknown; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {Boolean(error) && (
        <Alert color="red" role="alert">
          {apiError(error).message}
        </Alert>
      )}
      {loading && (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
    </>
  );
}
