import { SEARCH_FILTER_KEYS } from '@ruedas/domain';
import { BadRequest, type RestRequest, type RestRoute } from './route';

/**
 * Saved searches and alerts (issue 19) for REST clients: the same GraphQL operations the web uses,
 * so the rules (validation, limits, only the owner) are the services'. Not in the legacy spec.
 */
/** A saved search with every field of the domain's filter (decision 0195). */
const SAVED = `id name frequency paused createdAt alertsSent filter { ${SEARCH_FILTER_KEYS.join(' ')} }`;
const SETTINGS = 'allFavourites paused chosen';

function bodyObject({ body }: RestRequest): Record<string, unknown> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Only the filter's own fields, blank ones dropped (as the search form sends them). */
function filterOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new BadRequest('filter: must be the search filter object');
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== ''));
}

const savedSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    frequency: { type: 'string', enum: ['INSTANT', 'DAILY'] },
    paused: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    alertsSent: { type: 'integer' },
    filter: { type: 'object', description: 'The search filter as saved (see /search/advanceSearch), with `text`' },
  },
};
const settingsSchema = {
  type: 'object',
  properties: { allFavourites: { type: 'boolean' }, paused: { type: 'boolean' }, chosen: { type: 'array', items: { type: 'string' } } },
};
const saveBody = {
  type: 'object',
  required: ['name', 'frequency', 'filter'],
  properties: {
    name: { type: 'string', maxLength: 60 },
    frequency: { type: 'string', enum: ['INSTANT', 'DAILY'] },
    filter: { type: 'object', description: 'The search filter of /search/advanceSearch, with `text`' },
  },
};

export const alertRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/alerts/protected/savedSearches',
    tag: 'alerts',
    protected: true,
    summary: "The signed-in user's saved searches with their alerts, newest first",
    operation: `query MySavedSearches { mySavedSearches { ${SAVED} } }`,
    respond: (data) => data.mySavedSearches,
    responseSchema: { type: 'array', items: savedSchema },
  },
  {
    method: 'POST',
    path: '/alerts/protected/savedSearches',
    tag: 'alerts',
    protected: true,
    summary: 'Saves a search (name, frequency INSTANT or DAILY, the search filter) with its alert; at most MAX_SAVED_SEARCHES_PER_USER',
    operation: `mutation SaveSearch($input: SavedSearchInput!) { saveSearch(input: $input) { ${SAVED} } }`,
    variables: (request) => {
      const body = bodyObject(request);
      return { input: { name: body.name ?? '', frequency: body.frequency ?? 'INSTANT', filter: filterOf(body.filter) } };
    },
    respond: (data) => data.saveSearch,
    responseSchema: savedSchema,
    requestSchema: saveBody,
  },
  {
    method: 'PUT',
    path: '/alerts/protected/savedSearches/:id',
    tag: 'alerts',
    protected: true,
    summary: 'Renames, changes the frequency of, pauses or resumes a saved search of the signed-in user',
    operation: `mutation UpdateSavedSearch($id: ID!, $change: SavedSearchChangeInput!) { updateSavedSearch(id: $id, change: $change) { ${SAVED} } }`,
    variables: (request) => {
      const body = bodyObject(request);
      const change = Object.fromEntries(['name', 'frequency', 'paused'].filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
      return { id: request.params.id, change };
    },
    respond: (data) => data.updateSavedSearch,
    responseSchema: savedSchema,
    requestSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, frequency: { type: 'string', enum: ['INSTANT', 'DAILY'] }, paused: { type: 'boolean' } },
    },
  },
  {
    method: 'DELETE',
    path: '/alerts/protected/savedSearches/:id',
    tag: 'alerts',
    protected: true,
    summary: 'Deletes a saved search of the signed-in user and its pending alerts',
    operation: 'mutation DeleteSavedSearch($id: ID!) { deleteSavedSearch(id: $id) }',
    variables: ({ params }) => ({ id: params.id }),
    respond: (data) => data.deleteSavedSearch,
    responseSchema: { type: 'boolean' },
  },
  {
    method: 'GET',
    path: '/alerts/protected/favourites',
    tag: 'alerts',
    protected: true,
    summary: "The signed-in user's price-drop and sold alerts on favourites",
    operation: `query MyFavouriteAlerts { myFavouriteAlerts { ${SETTINGS} } }`,
    respond: (data) => data.myFavouriteAlerts,
    responseSchema: settingsSchema,
  },
  {
    method: 'PUT',
    path: '/alerts/protected/favourites',
    tag: 'alerts',
    protected: true,
    summary: 'Turns the alerts on every favourite on or off (allFavourites) or pauses / resumes them all (paused)',
    operation:
      `mutation SetFavouriteAlerts($allFavourites: Boolean, $paused: Boolean) { setFavouriteAlerts(allFavourites: $allFavourites, paused: ` +
      `$paused) { ${SETTINGS} } }`,
    variables: (request) => {
      const body = bodyObject(request);
      return { allFavourites: body.allFavourites ?? null, paused: body.paused ?? null };
    },
    respond: (data) => data.setFavouriteAlerts,
    responseSchema: settingsSchema,
    requestSchema: { type: 'object', properties: { allFavourites: { type: 'boolean' }, paused: { type: 'boolean' } } },
  },
  {
    method: 'PUT',
    path: '/alerts/protected/favourites/:opportunityId',
    tag: 'alerts',
    protected: true,
    summary: 'Turns the alert of one favourite on or off ({ "enabled": true })',
    operation: `mutation SetFavouriteAlert($id: ID!, $enabled: Boolean!) { setFavouriteAlert(opportunityId: $id, enabled: $enabled) { ${SETTINGS} } }`,
    variables: (request) => {
      const body = bodyObject(request);
      if (typeof body.enabled !== 'boolean') throw new BadRequest('enabled: must be true or false');
      return { id: request.params.opportunityId, enabled: body.enabled };
    },
    respond: (data) => data.setFavouriteAlert,
    responseSchema: settingsSchema,
    requestSchema: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } } },
  },
  {
    method: 'POST',
    path: '/alerts/unsubscribe',
    tag: 'alerts',
    protected: false,
    summary: 'Stops the alerts an alert mail\'s unsubscribe token names ({ "token": "..." }); no sign-in',
    operation: 'mutation UnsubscribeSavedSearch($token: String!) { unsubscribeSavedSearch(token: $token) { name } }',
    run: async (execute, request) => ({ unsubscribed: await unsubscribeWith(execute, bodyObject(request).token) }),
    respond: (data) => data,
    responseSchema: { type: 'object', properties: { unsubscribed: { type: 'string', description: 'What stopped: the saved search name, or "favourites"' } } },
    requestSchema: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
  },
];

/**
 * Runs the unsubscribe a token names: a saved search's (`s.`) in search, the favourite alerts'
 * (`f.`) in listings. Answers what stopped; an unknown kind is refused by the saved-search path.
 */
export async function unsubscribeWith(
  execute: (operation: string, variables?: Record<string, unknown>) => Promise<Record<string, unknown>>,
  token: unknown,
): Promise<string> {
  const text = typeof token === 'string' ? token : '';
  if (text.startsWith('f.')) {
    await execute('mutation UnsubscribeFavourites($token: String!) { unsubscribeFavouriteAlerts(token: $token) }', { token: text });
    return 'favourites';
  }
  const data = await execute('mutation UnsubscribeSavedSearch($token: String!) { unsubscribeSavedSearch(token: $token) { name } }', { token: text });
  return (data.unsubscribeSavedSearch as { name: string }).name;
}
