import type { RestRoute } from './route';
import { systemRoutes } from './system';

/** Every path of the REST facade. */
export const restRoutes: readonly RestRoute[] = [...systemRoutes];
