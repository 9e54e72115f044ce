import { pageNumberOf } from '@ruedas/domain';
import { validationFailed } from './errors';

/**
 * The page number of a list operation by the domain's rule (`pageNumberOf`): the number, or a
 * VALIDATION refusal naming `field` with `invalidPageNumber`.
 */
export function pageNumber(asked: unknown, field = 'page'): number {
  const result = pageNumberOf(asked);
  if ('error' in result) throw validationFailed({ [field]: result.error });
  return result.page;
}
