import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { translate as translateMessage } from '@ruedas/domain';
import { parse, print } from 'graphql';
import Fastify from 'fastify';
import { createLogger, createSubgraphServer, executeInProcess, type Translator } from '@ruedas/platform';
import {
  composeSupergraph,
  CompositionError,
  compositionInputs,
  createGateway,
  gatewayContext,
  openApiDocument,
  restError,
  subgraphs,
  supergraphOf,
} from '../src';
import { registerRestFacade } from '../src/rest/facade';
import type { RestRoute } from '../src/rest/route';
import { cars, views } from './fixtures/subgraphs';

const logger = createLogger('test', 'silent');
const translate: Translator = (key, locale) => (key === 'error.0003' ? (locale === 'en' ? 'Session invalid' : 'Sesión inválida') : key);
const local = async (d: typeof cars) => ({ name: d.name, local: await createSubgraphServer({ definition: d, resolvers: d.resolvers, logger, translate }) });
const gateway = await createGateway({ subgraphs: [cars, views], routes: [await local(cars), await local(views)], logger, translate, development: true });
const run = async (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) => {
  const response = await gateway.executeOperation({ query, ...(variables ? { variables } : {}) }, { contextValue: gatewayContext(headers) });
  if (response.body.kind !== 'single') throw new Error('unexpected');
  return response.body.singleResult;
};
afterAll(() => gateway.stop());

describe('composition', () => {
  it('composes the real subgraphs of the product', () => {
    const { apiSchemaSdl } = composeSupergraph(subgraphs);
    expect(apiSchemaSdl).toContain('systemsVersion: SystemsVersion!');
  });
  it('fails with the composition errors when subgraphs disagree', () => {
    const clash = { name: 'clash', typeDefs: parse('type Query { car(id: ID!): String }') };
    expect(() => composeSupergraph([cars, clash])).toThrow(CompositionError);
    expect(() => supergraphOf([cars, clash])).toThrow(CompositionError);
  });
  it("starts from the build's supergraph only when it is of the same subgraphs (decision 0251)", () => {
    expect(supergraphOf(subgraphs)).toBe(composeSupergraph(subgraphs).supergraphSdl);
    expect(supergraphOf([cars, views])).toBe(composeSupergraph([cars, views]).supergraphSdl);
    // One changed field is another composition.
    const renamed = { ...cars, typeDefs: parse(print(cars.typeDefs).replace('brand: String', 'marca: String')) };
    expect(compositionInputs([renamed, views])).not.toBe(compositionInputs([cars, views]));
    expect(supergraphOf([renamed, views])).toContain('marca: String');
    // The build (turbo builds the gateway before its tests) names what it composed: the subgraphs of this source.
    const built = readFileSync(new URL('../generated/supergraph.graphql', import.meta.url), 'utf8');
    expect(built.split('\n')[0]).toBe(`# composed from ${compositionInputs(subgraphs)}`);
  });
});

describe('the gateway in process', () => {
  it('plans across subgraphs through _entities', async () => {
    const result = await run('query($id: ID!) { car(id: $id) { id brand views } }', {}, { id: 'c1' });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ car: { id: 'c1', brand: 'TOYOTA', views: 42 } });
  });
  it('answers _entities of a subgraph directly, as the planner does', async () => {
    const server = (await local(views)).local;
    const result = await executeInProcess(server, { query: '{ _entities(representations: [{ __typename: "Car", id: "c1" }]) { ... on Car { views } } }' }, {});
    expect(result.data).toEqual({ _entities: [{ views: 42 }] });
  });
  it('forwards the caller’s token and language to the subgraph, which builds its own context', async () => {
    expect((await run('{ whoami }', { authorization: 'Bearer t0k', 'accept-language': 'en' })).data).toEqual({ whoami: 't0k/en' });
    expect((await run('{ whoami }')).data).toEqual({ whoami: 'nobody/es' });
  });
  it('keeps a subgraph’s error code and translated message', async () => {
    const result = await run('{ refuse }', { 'accept-language': 'en' });
    expect(result.errors?.[0]).toMatchObject({ message: 'Session invalid', extensions: { code: '0003' } });
  });
  it('refuses queries deeper than the limit', async () => {
    const deep = await createGateway({
      subgraphs: [cars, views],
      routes: [await local(cars), await local(views)],
      logger,
      translate,
      development: true,
      maxDepth: 1,
    });
    const response = await deep.executeOperation({ query: '{ car(id: "c1") { id } }' }, { contextValue: gatewayContext({}) });
    await deep.stop();
    expect(response.body.kind === 'single' && response.body.singleResult.errors?.[0]).toMatchObject({
      extensions: { code: 'QUERY_TOO_DEEP', messageKey: 'queryTooDeep', params: { found: 2, max: 1 } },
    });
  });
  it('refuses to start without a route for every subgraph, naming the variable', async () => {
    await expect(createGateway({ subgraphs: [cars, views], routes: [await local(cars)], logger, translate, development: true })).rejects.toThrow(
      /RUEDAS_VIEWS_URL/,
    );
  });
});

describe('REST facade', () => {
  const routes: RestRoute[] = [
    {
      method: 'GET',
      path: '/car/:id',
      summary: 'A car',
      tag: 'car',
      protected: false,
      operation: 'query($id: ID!) { car(id: $id) { brand views } }',
      variables: (r) => ({ id: r.params.id }),
      respond: (d) => d.car ?? null,
      responseSchema: { type: 'object' },
    },
    {
      method: 'GET',
      path: '/protected/refuse',
      summary: 'Always refuses',
      tag: 'x',
      protected: true,
      operation: '{ refuse }',
      respond: (d) => d,
      responseSchema: { type: 'object' },
    },
  ];
  const app = Fastify();
  afterAll(() => app.close());

  it('maps a path onto its operation', async () => {
    await registerRestFacade(app, gateway, routes);
    const res = await app.inject({ method: 'GET', url: '/api/v1/car/c1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brand: 'TOYOTA', views: 42 });
  });
  it('answers the documented error shape with the code and its HTTP status', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/protected/refuse',
      headers: { 'accept-language': 'en', authorization: 'Bearer not-a-session' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: '0003', message: 'Session invalid' });
  });
  it("refuses a protected path without a token before reading its input, in the caller's language", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/protected/refuse', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: '0003', message: translateMessage('sessionInvalid', 'en') });
    const spanish = await app.inject({ method: 'GET', url: '/api/v1/protected/refuse' });
    expect(spanish.json()).toEqual({ code: '0003', message: translateMessage('sessionInvalid', 'es') });
  });
  it('answers 404 with a code for an unknown path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
  it('describes itself in OpenAPI', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.json().paths['/api/v1/car/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(openApiDocument(routes).paths['/api/v1/protected/refuse']?.get).toMatchObject({ security: [{ bearer: [] }] });
  });
  it('maps GraphQL validation failures to 400 and unknown faults to 503', () => {
    expect(restError({ message: 'x', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }).status).toBe(400);
    expect(restError({ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }).status).toBe(503);
    expect(restError({ message: 'x', extensions: { code: '0005' } }).status).toBe(423);
  });
});

describe('the client address subgraphs see', () => {
  const forwarded = (claimed: string | undefined, peer: string, hops = 0) =>
    gatewayContext(claimed ? { 'x-forwarded-for': claimed } : {}, peer, hops).headers['x-forwarded-for'];
  it('is the socket peer, whatever the client claims', () => {
    expect(forwarded(undefined, '203.0.113.9')).toBe('203.0.113.9');
    expect(forwarded('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
  });
  it('is the hop our trusted reverse proxy recorded, behind one', () => {
    expect(forwarded('127.0.0.1, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(forwarded(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
  });
});
