import type { ServiceModule } from '@ruedas/platform';
import { systemResolvers } from './resolvers';
import { subgraph } from './subgraph';

export { subgraph };

/**
 * The moderation (administration) service. For now it answers the system versions; the review
 * queue, complaints, global parameters, contact analytics and the dashboard come with their issue.
 */
export const moderation: ServiceModule = {
  subgraph,
  async init(context) {
    return {
      resolvers: systemResolvers({ store: context.store, backEndVersion: context.versions.backEnd }),
      async stop() {},
    };
  },
};
