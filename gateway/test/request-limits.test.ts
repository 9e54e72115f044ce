import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { QUERY_LIMITS, translate } from '@ruedas/domain';
import { composeSupergraph, restRoutes, subgraphs } from '../src';
import { DEFAULT_LIMITS, requestLimits } from '../src/limits';
import { startLightStack, type LightStack } from './light-stack';
import type { Json } from './stack';

/**
 * Issue 14 item 4: one anonymous GraphQL request must not stall the process. Each attack of the
 * attack run is sent as it was; it is refused before planning with a translated error (400, no
 * data), and /health keeps answering while a stream of such attacks is in flight.
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// The limits are the gateway's: light subgraph fixtures answer behind it (light-stack.ts).
let stack: LightStack;
beforeAll(async () => {
  stack = await startLightStack();
}, 120_000);
afterAll(() => stack?.stop());

const AD = 'id brand model year price currency level';
const carouselAliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `c${i}: homeCarousel { ${AD} }`).join(' ')} }`;
const searchAliases = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `s${i}: availableOpportunities(page: ${i + 1}) { totalItems items { ${AD} } }`).join(' ')} }`;
const nested = (levels: number) => `{ homeCarousel { ${'a { '.repeat(levels)}b${' }'.repeat(levels)} } }`;

async function post(query: string, language = 'es') {
  const res = await stack.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    payload: { query },
  });
  return { status: res.statusCode, body: res.json() as { data?: Json | null; errors?: Json[] }, size: res.body.length };
}

describe('GraphQL request limits (issue 14 item 4)', () => {
  it('refuses 2,000 aliases of homeCarousel before running it, in Spanish and English', async () => {
    for (const language of ['es', 'en'] as const) {
      const answer = await post(carouselAliases(2_000), language);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      // 20,000 tokens: the parser stops at the token limit, before any alias is counted.
      expect(answer.body.errors).toEqual([
        { message: translate('queryTooLarge', language, { max: QUERY_LIMITS.maxTokens }), extensions: expect.objectContaining({ code: 'QUERY_TOO_LARGE' }) },
      ]);
      expect(answer.size).toBeLessThan(1_000);
    }
  });

  it('refuses 500 aliased searches, and aliases beyond the limit within the token limit', async () => {
    const answer = await post(searchAliases(500));
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_LARGE' });
    for (const language of ['es', 'en'] as const) {
      const few = await post(
        `{ ${Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `s${i}: availableOpportunities(page: ${i + 1}) { totalItems }`).join(' ')} }`,
        language,
      );
      expect(few.status).toBe(400);
      expect(few.body.data).toBeUndefined();
      expect(few.body.errors).toEqual([
        {
          message: translate('tooManyAliases', language, { max: QUERY_LIMITS.maxAliases }),
          extensions: expect.objectContaining({ code: 'QUERY_TOO_COMPLEX', messageKey: 'tooManyAliases' }),
        },
      ]);
    }
  });

  it('answers a 3,000-level query with a translated refusal, not a stack overflow', async () => {
    for (const language of ['es', 'en'] as const) {
      const answer = await post(nested(3_000), language);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toMatch(/call stack/i);
      expect(answer.body.errors?.[0]).toMatchObject({
        message: translate('queryTooLarge', language, { max: QUERY_LIMITS.maxTokens }),
        extensions: { code: 'QUERY_TOO_LARGE' },
      });
    }
  });

  it('refuses a deep query under the token limit with the translated depth error', async () => {
    const answer = await post(nested(100), 'en');
    expect(answer.status).toBe(400);
    const deep = answer.body.errors?.find((error) => error.extensions?.code === 'QUERY_TOO_DEEP');
    expect(deep).toMatchObject({ message: 'The query is 102 levels deep; at most 12 are allowed.', extensions: { messageKey: 'queryTooDeep' } });
  });

  it('refuses too many directives and a too costly selection', async () => {
    const directives = await post(`{ homeCarousel { id ${Array.from({ length: 50 }, () => '@include(if: true)').join(' ')} } }`);
    expect(directives.status).toBe(400);
    expect(directives.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', messageKey: 'tooManyDirectives' });
    // Within the token, alias and depth limits, but each of 3 carousels asks for the same fragment 30 times over.
    const spreads = Array.from({ length: 30 }, () => '...Ad').join(' ');
    const wide = `query { a: homeCarousel { ${spreads} } b: homeCarousel { ${spreads} } c: homeCarousel { ${spreads} } }
      fragment Ad on Opportunity { id brand model year style fuelType transmissionType mileage price currency province canton district level status message }`;
    const costly = await post(wide);
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.map((e) => e.extensions?.messageKey)).toContain('queryTooCostly');
  });

  it('refuses a batch of operations in one request (aliases by another name)', async () => {
    const batch = Array.from({ length: 100 }, () => ({ query: `{ homeCarousel { ${AD} } }` }));
    for (const language of ['es', 'en'] as const) {
      const res = await stack.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        payload: JSON.stringify(batch),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ message: translate('batchNotAllowed', language), extensions: { code: 'BAD_REQUEST', messageKey: 'batchNotAllowed' } }],
      });
    }
  });

  it('keeps /health answering while a stream of attacks is in flight', async () => {
    let running = true;
    const answers: number[] = [];
    const attacker = (async () => {
      while (running) answers.push((await post(carouselAliases(2_000))).status);
    })();
    const anotherAttacker = (async () => {
      while (running) answers.push((await post(nested(3_000))).status);
    })();
    try {
      await new Promise((resolve) => setImmediate(resolve));
      for (let i = 0; i < 10; i++) {
        const health = await stack.inject({ method: 'GET', url: '/health' });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ status: 'ok' });
      }
    } finally {
      running = false;
      await Promise.all([attacker, anotherAttacker]);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers)).toEqual(new Set([400]));
  });

  it('keeps persisted queries and parsed documents within their bytes, however many huge distinct documents arrive (issue 28)', async () => {
    // Each document is one field and 20,000 comment lines: within the token limit (comments are not
    // tokens), and yet it keeps ~2 MB alive once parsed (its source and every comment's token).
    const heap = () => {
      collectGarbage();
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const before = heap();
    for (let i = 0; i < 80; i++) {
      const query = `{ __typename } # ${i}\n${'#\n'.repeat(20_000)}`;
      const answer = await stack.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query, extensions: { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } } },
      });
      expect(answer.statusCode).toBe(200);
    }
    const grownBytes = heap() - before;
    // 80 such documents keep 160 MB alive in caches bounded by count; ours hold 16 MiB each at most.
    expect(grownBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('still runs an ordinary query, and every REST path runs within the limits', async () => {
    const answer = await post(`{ homeCarousel { ${AD} } availableOpportunities(page: 1) { totalItems } }`);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    // The REST facade runs fixed operations through the same gateway: its public paths answer as before.
    expect((await stack.api('GET', '/opportunity/available/1')).status).toBe(200);
    expect((await stack.api('GET', '/globalParameter/systemsVersion')).status).toBe(200);
  });
});

describe('the REST facade within the limits', () => {
  // A REST path runs the fixed operation of its route with the caller's values as variables: no
  // caller text becomes part of a document, so the facade cannot carry a bigger query than these.
  const schema = buildSchema(composeSupergraph(subgraphs).apiSchemaSdl);
  const { validationRules, parseOptions } = requestLimits(DEFAULT_LIMITS, false);
  it.each(restRoutes.map((route) => [`${route.method} ${route.path}`, route.operation] as const))('%s passes every limit', (_name, operation) => {
    const document = parse(operation, parseOptions);
    expect(validate(schema, document, validationRules).map((error) => error.message)).toEqual([]);
  });
});
