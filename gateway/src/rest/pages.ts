import { MAX_PAGE_NUMBER, pageNumberOf } from '@ruedas/domain';
import { BadRequest } from './route';

/** A page number of a path or a body, by the domain's rule (`pageNumberOf`); a 400 naming the parameter otherwise. */
export function pageParameter(name: string, value: unknown): number {
  const result = pageNumberOf(value);
  if ('error' in result) throw new BadRequest(`${name}: ${result.error} (a whole number from 1 to ${MAX_PAGE_NUMBER}, got ${JSON.stringify(value ?? '')})`);
  return result.page;
}
