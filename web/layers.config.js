/**
 * The layers of `src/`, top to bottom (decision 0190). A module may import from its own folder, from a
 * folder of a lower layer, and from another folder of its own layer as long as no folder cycle forms;
 * never from a folder of a higher layer. A folder's layer is its first segment's (`pages/account` is a page,
 * `reports/charts` a feature). Read by the lint rules (`eslint/layers.js`) and `scripts/layers.ts`.
 */
export const LAYERS = [
  { name: 'app', folders: ['.', 'app', 'layout', 'explorer'], holds: 'the entry points, the app shell (providers, routes, header, footer)' },
  { name: 'pages', folders: ['pages'], holds: 'one module per screen' },
  {
    name: 'features',
    folders: ['account', 'admin', 'alerts', 'catalogue', 'compare', 'insights', 'photos', 'prices', 'publish', 'reports', 'search', 'seo'],
    holds: 'the parts the pages are made of, with their GraphQL operations',
  },
  {
    name: 'shared',
    folders: ['data', 'session', 'router', 'ssr', 'auth', 'parts'],
    holds: 'data hooks, session, routing, server-rendering context, parts loaded later',
  },
  { name: 'base', folders: ['ui', 'i18n', 'texts', 'styles', 'config'], holds: 'own components, texts and the translator, theme and styles, site settings' },
];

/** The folder of a path relative to `src/` (`.` for the root's files). */
export const folderOf = (file) => {
  const folder = file.split('/').slice(0, -1).join('/');
  return folder === '' ? '.' : folder;
};

/** The index of a folder's layer (0 is the top), or -1 for a folder no layer names. */
export const layerOf = (folder) => {
  const top = folder === '.' ? '.' : folder.split('/')[0];
  return LAYERS.findIndex((layer) => layer.folders.includes(top));
};
