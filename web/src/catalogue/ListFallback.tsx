import { Center } from '../ui/Group';
import { Alert } from '../ui/Alert';
import { Loader } from '../ui/Loader';
import type { ErrorLike } from '@apollo/client';
import { apiError } from '../data/apiError';

/** What a list shows before its page arrived: why it failed (with the server's reason), or a loader. */
export function ListFallback({ error, failedTitle, loadingLabel }: { error?: ErrorLike; failedTitle: string; loadingLabel: string }) {
  if (error) {
    return (
      <Alert color="red" title={failedTitle}>
        {apiError(error).message}
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label={loadingLabel} />
    </Center>
  );
}
