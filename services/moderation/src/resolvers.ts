import type { DocumentStore, Resolvers } from '@ruedas/platform';

export interface SystemResolverDeps {
  store: DocumentStore;
  backEndVersion: string;
}

export function systemResolvers({ store, backEndVersion }: SystemResolverDeps): Resolvers {
  return {
    Query: {
      systemsVersion: async () => {
        const info = await store.info();
        return { backEndVersion, databaseVersion: `${info.engine} ${info.version}` };
      },
    },
  };
}
