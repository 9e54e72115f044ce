import { RATE_LIMITED_FIELDS, rateLimitedFieldsOf, type RateRule } from '@ruedas/domain';
import { mediaPaths } from './media-paths';
import type { RestRoute } from './route';

const fieldErrorSchema = {
  type: 'object',
  required: ['messageKey', 'message'],
  properties: {
    messageKey: { type: 'string', description: 'Key of the message in the domain catalogue, e.g. invalidYear' },
    message: { type: 'string', description: "The field's message, in the language of Accept-Language, with its values (e.g. the highest year)" },
  },
};

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      enum: [
        '0001',
        '0002',
        '0003',
        '0004',
        '0005',
        'VALIDATION',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA',
        'RATE_LIMITED',
        'UNAVAILABLE',
      ],
      description:
        '0001 wrong e-mail or password, 0002 account not confirmed, 0003 session invalid or expired (sign in again), 0004 confirmation link not valid,' +
        ' 0005 locked after failed sign-ins; or one of the other codes',
    },
    message: { type: 'string', description: "Translated to the request's language: `?lang=es|en`, else Accept-Language by its q weights (es by default)" },
    fields: {
      type: 'object',
      description:
        'VALIDATION: the refused fields (dotted paths of the body, e.g. `phoneList.0.phone`) and their translated messages; a value of the wrong kind too ' +
        '(invalidChoice with the accepted values, mustBeWholeNumber, mustBeNumber, mustBeText, mustBeTrueOrFalse, mustBeObject, unknownField, required)',
      additionalProperties: fieldErrorSchema,
    },
    detail: {
      type: 'string',
      description: 'VALIDATION of a malformed path parameter or facade-level body shape: the parameter and what was expected, in English',
    },
  },
};

const error = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers, shared by every operation (`#/components/responses/...`). */
const responses = {
  BadRequest: error('VALIDATION: a malformed parameter or body, or a field refused by the rules (`fields`); nothing was changed'),
  Unauthorized: error('0003: no token, or an invalid, expired or ended session (0001 for a wrong e-mail or password at sign-in)'),
  Forbidden: error('FORBIDDEN: the signed-in user may not do this to this record (0002 at sign-in: the account is not confirmed)'),
  NotFound: error('NOT_FOUND: no such record (or not visible to the caller)'),
  Conflict: error('CONFLICT: the record is not in a state that allows it (e.g. already sold, already reported)'),
  Locked: error('0005: the account is locked after failed sign-ins'),
  TooManyRequests: error('RATE_LIMITED: too many requests from this account or address', {
    'Retry-After': { required: true, description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } },
    'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
    'RateLimit-Remaining': { description: 'Requests left in the window: 0', schema: { type: 'integer', minimum: 0 } },
    'RateLimit-Reset': { description: 'Seconds until the window resets (as Retry-After)', schema: { type: 'integer', minimum: 1 } },
  }),
  Unavailable: error('UNAVAILABLE: a service is down or an unexpected fault happened (the message is generic)'),
};

/**
 * The `RateLimit-*` fields (IETF draft) of an answer that counted against a request limit
 * (`#/components/headers/...`): the tightest limit the request counted against.
 */
const headers = {
  'RateLimit-Limit': { description: 'Requests the window of the tightest limit this request counted against allows', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in that window after this one', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until that window resets', schema: { type: 'integer', minimum: 1 } },
};
const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });
const rateLimitSuccessHeaders = Object.fromEntries(Object.keys(headers).map((name) => [name, headerRef(name as keyof typeof headers)]));

/** The limits a route's operation counts against, in words (`RATE_LIMITED_FIELDS` of `@ruedas/domain`). */
function limitsOf(route: RestRoute): string | null {
  const rules = rateLimitedFieldsOf(route.operation).flatMap((field): readonly RateRule[] => RATE_LIMITED_FIELDS[field]);
  if (!rules.length) return null;
  const window = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`);
  return `Request limits: ${rules.map((rule) => `${rule.limit} per ${window(rule.windowMinutes)}`).join(', ')}.`;
}

/** What each tag groups, for the reference page. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  globalParameter: 'Global parameters and system versions',
  users: 'Accounts: registration, sign-in, profiles, users administration, plan status, favourites',
  opportunity: 'Ads: public lists, the ad, owner and administrator lists and status changes',
  tally: 'View counts of ads',
  billing: 'Prices, creating and editing an ad with its payment, plans, invoices, purchases report',
  search: 'Advanced search',
  complaint: 'Reported ads and their resolution',
  analytics: 'Contact clicks',
  dashboard: 'The administrators’ statistics',
  attachment: 'Photos: upload, image, removal, share page (answered by the media service)',
};

const ref = (name: keyof typeof responses) => ({ $ref: `#/components/responses/${name}` });
const STATUS_NAMES = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 423: 'Locked', 429: 'TooManyRequests' } as const;

/** `GET /users/protected/{id}` → `getUsersProtectedById`: unique, stable, readable. */
function operationId(route: RestRoute): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function requestBody(route: RestRoute) {
  if (!route.requestSchema) return undefined;
  const json = route.requestText ? { oneOf: [route.requestSchema, { type: 'string', description: route.requestText }] } : route.requestSchema;
  return {
    required: true,
    content: {
      'application/json': { schema: json },
      ...(route.requestText ? { 'text/plain': { schema: { type: 'string', description: route.requestText } } } : {}),
    },
  };
}

/** The OpenAPI 3.1 description of the facade, generated from the route table (plus the media service's paths). */
export function openApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: route.parameters?.[m[1]!] ?? { type: 'string' },
      ...(route.parameters?.[m[1]!]?.description ? { description: route.parameters[m[1]!]!.description } : {}),
    }));
    const query = Object.entries(route.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema, description: schema.description }));
    const body = requestBody(route);
    // A path that runs a rate-limited field answers where the caller stands (RateLimit-*), and 429 beyond it (issue 32 item 8).
    const limits = limitsOf(route);
    const description = [route.summary.length > 100 ? route.summary : null, limits].filter(Boolean).join(' ');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary:
        route.summary.length > 100 ? `${route.summary.slice(0, route.summary.indexOf(' ', 80) > 0 ? route.summary.indexOf(' ', 80) : 100)}…` : route.summary,
      ...(description ? { description } : {}),
      tags: [route.tag],
      ...(params.length || query.length ? { parameters: [...params, ...query] } : {}),
      security: route.protected ? [{ bearer: [] }] : [],
      ...(body ? { requestBody: body } : {}),
      responses: {
        200: {
          description: 'Success',
          ...(limits ? { headers: rateLimitSuccessHeaders } : {}),
          content: { 'application/json': { schema: route.responseSchema } },
        },
        400: ref('BadRequest'),
        ...(route.protected ? { 401: ref('Unauthorized'), 403: ref('Forbidden') } : {}),
        ...Object.fromEntries((route.errors ?? []).map((status) => [status, ref(STATUS_NAMES[status])])),
        ...(limits ? { 429: ref('TooManyRequests') } : {}),
        503: ref('Unavailable'),
      },
    };
  }
  Object.assign(paths, mediaPaths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ruedas REST API (legacy clients)',
      version: '1',
      description:
        'The documented `/api/v1` paths of the legacy clients, each mapped onto the GraphQL API (so both share every rule). Errors answer `{ code, ' +
        'message, fields?, detail? }` in the language asked (`?lang=es|en`, else `Accept-Language` by its q weights; Spanish by default). Every answer ' +
        "carries `Cache-Control`: a visitor's successful read `public, max-age=60` (varying by language), a signed-in caller's answer `private, no-store`, " +
        'writes, errors and the view tally `no-store`. Protected paths take `Authorization: Bearer <token>` from ' +
        '`POST /api/v1/users/login`. A readable version of this document: `/api/v1/docs`.',
    },
    servers: [{ url: '/', description: 'This deployment (paths carry their /api/v1 prefix)' }],
    tags: [...new Set([...routes.map((route) => route.tag), 'attachment'])].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/v1/users/login' } },
      schemas: { Error: errorSchema },
      headers,
      responses,
    },
    paths,
  };
}
