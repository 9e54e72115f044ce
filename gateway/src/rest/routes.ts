import { alertRoutes } from './alerts';
import { billingRoutes } from './billing';
import { listingRoutes } from './listings';
import { moderationRoutes } from './moderation';
import { withErrors } from './route-errors';
import type { RestRoute } from './route';
import { searchRoutes } from './search';
import { systemRoutes } from './system';
import { userRoutes } from './users';

/** Every path of the REST facade. */
export const restRoutes: readonly RestRoute[] = [
  ...systemRoutes,
  ...userRoutes,
  ...listingRoutes,
  ...billingRoutes,
  ...searchRoutes,
  ...moderationRoutes,
  ...alertRoutes,
].map(withErrors);
