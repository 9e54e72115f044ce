import type { RestRoute } from './route';

/** Paths served by the moderation (administration) subgraph. */
export const systemRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/globalParameter/systemsVersion',
    summary: 'Versions of the back end and the database, for the footer',
    tag: 'globalParameter',
    protected: false,
    operation: 'query SystemsVersion { systemsVersion { backEndVersion databaseVersion } }',
    respond: (data) => data.systemsVersion,
    responseSchema: {
      type: 'object',
      required: ['backEndVersion', 'databaseVersion'],
      properties: { backEndVersion: { type: 'string' }, databaseVersion: { type: 'string' } },
    },
  },
];
