// Gateway first: the rendering of every message is checked over a light subgraph that raises any of
// them (the gateway and the REST facade render them). Full services only for the example end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { parse } from 'graphql';
import {
  isMessageKey,
  MESSAGE_KEYS,
  MESSAGE_VALUE_SOURCES,
  messages,
  nextCalendarYear,
  ruleValues,
  translate as translateMessage,
  type MessageKey,
} from '@ruedas/domain';
import { createLogger, createSubgraphServer, DomainError, type Resolvers, type SubgraphDefinition, type Translator } from '@ruedas/platform';
import { createGateway, gatewayContext } from '../src';
import { registerRestFacade } from '../src/rest/facade';
import { InvalidFields, type RestRoute } from '../src/rest/route';
import { adInput, startStack, type Json, type Stack } from './stack';

// Every message with a placeholder reaches clients rendered with its values, in Spanish and English:
// raised by a subgraph (as the error, or as a field's error) and read over GraphQL and over REST, and
// refused by the REST facade's own checks. Then the example end to end: a year above the
// highest, from the real services.

const logger = createLogger('test', 'silent');
const translate: Translator = (key, locale, params) => (isMessageKey(key) ? translateMessage(key, locale, params) : translateMessage('errorOccurred', locale));
const link = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])';

/** A subgraph that raises any message, as a service does: the error's own key, or a field's, with the raiser's values. */
const probe: SubgraphDefinition & { resolvers: Resolvers } = {
  name: 'probe',
  typeDefs: parse(`${link}
    type Query { fail(key: String!, asField: Boolean!, values: String!): String }`),
  resolvers: {
    Query: {
      fail: (_: unknown, { key, asField, values }: { key: string; asField: boolean; values: string }) => {
        const params = JSON.parse(values) as Record<string, string>;
        throw asField ? new DomainError('VALIDATION', 'validationFailed', { probe: key }, params) : new DomainError('VALIDATION', key, undefined, params);
      },
    },
  },
};
const FAIL = 'query($key: String!, $asField: Boolean!, $values: String!) { fail(key: $key, asField: $asField, values: $values) }';

const withPlaceholders = MESSAGE_KEYS.filter((key) => /\{\w+\}/.test(messages.es[key]));
/** What the code raising `key` gives: a recognisable value per `raiser` placeholder (the rules fill the others). */
const raised = (key: MessageKey) =>
  Object.fromEntries(
    Object.entries(MESSAGE_VALUE_SOURCES[key] ?? {})
      .filter(([, source]) => source === 'raiser')
      .map(([name]) => [name, `«${name}»`]),
  );

/** The text holds every value (the raiser's and the rules') and no raw placeholder. */
function expectRendered(text: unknown, key: MessageKey, where: string) {
  expect(typeof text, where).toBe('string');
  expect(text, where).not.toMatch(/\{\w+\}/);
  for (const value of [...Object.values(raised(key)), ...Object.values(ruleValues(key)).map(String)]) expect(text, `${where}: ${value}`).toContain(value);
}

const routes: RestRoute[] = [
  {
    method: 'GET',
    path: '/probe/:key/:asField',
    summary: 'probe',
    tag: 'probe',
    protected: false,
    operation: FAIL,
    responseSchema: {},
    variables: ({ params }) => ({ key: params.key, asField: params.asField === 'field', values: JSON.stringify(raised(params.key as MessageKey)) }),
    respond: (data) => data,
  },
  {
    method: 'GET',
    path: '/checked/:key',
    summary: 'the facade refuses a field itself',
    tag: 'probe',
    protected: false,
    operation: FAIL,
    responseSchema: {},
    variables: ({ params }) => {
      throw new InvalidFields({ probe: params.key! }, raised(params.key as MessageKey));
    },
    respond: (data) => data,
  },
];

const gateway = await createGateway({
  subgraphs: [probe],
  routes: [{ name: 'probe', local: await createSubgraphServer({ definition: probe, resolvers: probe.resolvers, logger, translate }) }],
  logger,
  translate,
  development: true,
});
const app = Fastify();
await registerRestFacade(app, gateway, routes);
afterAll(async () => {
  await app.close();
  await gateway.stop();
});

describe.each(['es', 'en'] as const)('every message with a placeholder, in %s', (locale) => {
  it('has its values over GraphQL, as the error and as a field error', async () => {
    expect(withPlaceholders.length).toBeGreaterThan(30);
    for (const key of withPlaceholders) {
      for (const asField of [false, true]) {
        const response = await gateway.executeOperation(
          { query: FAIL, variables: { key, asField, values: JSON.stringify(raised(key)) } },
          { contextValue: gatewayContext({ 'accept-language': locale }) },
        );
        if (response.body.kind !== 'single') throw new Error('unexpected');
        const error = response.body.singleResult.errors?.[0] as Json;
        if (asField) expectRendered(error.extensions.fields.probe.message, key, `GraphQL field ${key}`);
        else expectRendered(error.message, key, `GraphQL ${key}`);
      }
    }
  });

  it("has its values over REST, from a service and from the facade's own checks", async () => {
    for (const key of withPlaceholders) {
      const headers = { 'accept-language': locale };
      const own = (await app.inject({ method: 'GET', url: `/api/v1/probe/${key}/error`, headers })).json();
      expect(own.code).toBe('VALIDATION');
      expectRendered(own.message, key, `REST ${key}`);
      expectRendered((await app.inject({ method: 'GET', url: `/api/v1/probe/${key}/field`, headers })).json().fields.probe.message, key, `REST field ${key}`);
      expectRendered((await app.inject({ method: 'GET', url: `/api/v1/checked/${key}`, headers })).json().fields.probe.message, key, `REST facade ${key}`);
    }
  });
});

describe('a year above the highest, from the real services', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ seller: 'ADVERTISER' });
  }, 60_000);
  afterAll(() => stack?.stop());
  const highest = nextCalendarYear();

  it('names the highest year over GraphQL and REST, in both languages', async () => {
    const token = stack.accounts.seller!.token;
    const graph = await stack.graphql(
      'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
      { input: adInput({ year: highest + 5 }) },
      { token },
    );
    expect(graph.errors?.[0]?.extensions?.fields?.year?.message).toBe(`Ingrese un año de 1900 a ${highest}.`);
    const rest = await stack.api('POST', '/opportunity/protected/', { token, body: { opportunity: adInput({ year: highest + 5 }) }, language: 'en' });
    expect(rest.status).toBe(400);
    expect(rest.body.fields.year).toEqual({ messageKey: 'invalidYear', message: `Enter a year from 1900 to ${highest}.` });
    const long = await stack.graphql(
      'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
      { input: adInput({ description: 'x'.repeat(5001) }) },
      { token },
    );
    expect(long.errors?.[0]?.extensions?.fields?.description?.message).toMatch(/^La descripción puede tener hasta \d+ caracteres\.$/);
    const search = await stack.api('POST', '/search/advanceSearch', { body: { yearFrom: 2020, yearTo: highest + 1 } });
    expect(search.body.fields.yearTo.message).toBe(`Ingrese años de 1900 a ${highest}, con el inicial menor o igual al final.`);
  });
});
