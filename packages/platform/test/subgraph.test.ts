import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { createLogger, createSubgraphServer, DomainError, executeInProcess, type Translator } from '../src';

const typeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { ok: String!, refused(field: String): String, broken: String }
`);

const catalogue: Record<string, Record<string, string>> = {
  es: { 'error.validation': 'Revise los datos.', invalidEmail: 'Correo inválido.', errorOccurred: 'Ha ocurrido un error.' },
  en: { 'error.validation': 'Check the data.', invalidEmail: 'Invalid email.', errorOccurred: 'An error occurred.' },
};
const translate: Translator = (key, locale) => catalogue[locale]?.[key] ?? key;

const server = await createSubgraphServer({
  definition: { name: 'test', typeDefs },
  logger: createLogger('test', 'silent'),
  translate,
  resolvers: {
    Query: {
      ok: () => 'yes',
      refused: () => {
        throw new DomainError('VALIDATION', 'error.validation', { email: 'invalidEmail' });
      },
      broken: () => {
        throw new Error('database password is hunter2');
      },
    },
  },
});

describe('subgraph errors', () => {
  it('answers normally', async () => {
    expect((await executeInProcess(server, { query: '{ ok }' }, {})).data).toEqual({ ok: 'yes' });
  });

  it('gives a domain error its code, key and fields, translated to the caller’s language', async () => {
    const es = await executeInProcess(server, { query: '{ refused }' }, {});
    expect(es.errors?.[0]).toMatchObject({
      message: 'Revise los datos.',
      extensions: { code: 'VALIDATION', messageKey: 'error.validation', fields: { email: { messageKey: 'invalidEmail', message: 'Correo inválido.' } } },
    });
    const en = await executeInProcess(server, { query: '{ refused }' }, { 'accept-language': 'en' });
    expect(en.errors?.[0]?.message).toBe('Check the data.');
  });

  it('masks an internal fault: no internals leak, a generic translated message', async () => {
    const result = await executeInProcess(server, { query: '{ broken }' }, { 'accept-language': 'en' });
    expect(result.errors?.[0]).toMatchObject({ message: 'An error occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('passes GraphQL validation errors through', async () => {
    const result = await executeInProcess(server, { query: '{ nope }' }, {});
    expect(result.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
