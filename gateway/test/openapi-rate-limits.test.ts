import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, COMPLAINT_LIMITS, MARKET_PRICE_LIMIT, RATE_LIMITED_FIELDS, rateLimitedFieldsOf, type RateRule } from '@ruedas/domain';
import { restRoutes } from '../src';
import { openApiDocument } from '../src/rest/openapi';

// Issue 32 item 8: the OpenAPI document declares 429 (Retry-After, the RateLimit fields, the error
// body) and the success's RateLimit fields on every path whose operation counts against a request
// limit, as the limits' configuration says; no other path claims them.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document
const document = openApiDocument(restRoutes) as Json;

/** Follows a `#/...` reference of the document. */
const deref = (node: Json): Json =>
  typeof node?.$ref === 'string'
    ? deref(
        (node.$ref as string)
          .slice(2)
          .split('/')
          .reduce((at: Json, key) => at[key], document),
      )
    : node;

const operationOf = (method: string, path: string): Json => document.paths[`/api/v1${path.replace(/:(\w+)/g, '{$1}')}`][method.toLowerCase()];

describe('rate limits in the OpenAPI document', () => {
  const limited = restRoutes.filter((route) => rateLimitedFieldsOf(route.operation).length > 0);

  it('knows the limited paths: sign-in, registration, reset request and complaint', () => {
    expect(limited.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'POST /complaint',
      'POST /users/login',
      'POST /users/passwordResetGenerateEmail/:email/:locale',
      'POST /users/register',
    ]);
  });

  it.each(limited.map((route) => [`${route.method} ${route.path}`, route] as const))('%s declares 429 and the RateLimit fields', (_, route) => {
    const operation = operationOf(route.method, route.path);
    const refused = deref(operation.responses['429']);
    expect(Object.keys(refused.headers ?? {}).sort()).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);
    expect(deref(refused.content['application/json'].schema).properties.code.enum).toContain('RATE_LIMITED');
    const success = deref(operation.responses['200']);
    expect(Object.keys(success.headers ?? {}).sort()).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    for (const header of Object.values(success.headers as Json)) expect(deref(header as Json).schema.type).toBe('integer');
    // The description gives the numbers of the configuration.
    for (const rule of rateLimitedFieldsOf(route.operation).flatMap((field) => RATE_LIMITED_FIELDS[field] as readonly RateRule[]))
      expect(operation.description).toContain(`${rule.limit} per `);
  });

  it('no other path claims a 429 or RateLimit fields', () => {
    for (const route of restRoutes.filter((each) => !limited.includes(each))) {
      const operation = operationOf(route.method, route.path);
      expect(operation.responses['429'], `${route.method} ${route.path}`).toBeUndefined();
      expect(deref(operation.responses['200']).headers, `${route.method} ${route.path}`).toBeUndefined();
    }
  });

  it('names every limit that refuses with 429, each on a field of the published schema', () => {
    const schema = buildSchema(readFileSync(new URL('../schema/supergraph-api.graphql', import.meta.url), 'utf8'));
    const fields = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
    for (const field of Object.keys(RATE_LIMITED_FIELDS)) expect(fields, field).toHaveProperty(field);
    const named = new Set<RateRule>(Object.values(RATE_LIMITED_FIELDS).flat());
    // Sign-in failures per e-mail (and from a known place) lock the account (0005, 423), and reset mails are never refused: not 429.
    const refusing = [
      ...Object.entries(AUTH_LIMITS)
        .filter(([name]) => !['loginPerAccount', 'loginFailuresFromKnownPlace', 'resetMailsPerAccount'].includes(name))
        .map(([, rule]) => rule),
      ...Object.values(COMPLAINT_LIMITS),
      MARKET_PRICE_LIMIT,
    ];
    for (const rule of refusing) expect(named.has(rule), JSON.stringify(rule)).toBe(true);
  });
});
