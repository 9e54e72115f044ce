/**
 * The search key bootstrap and the refusal of a key that can manage keys (decision 0203), against a
 * small fake of Meilisearch's `/keys` API (no Meilisearch runs here): the master key may do anything,
 * an API key only its actions; a key's value is Meilisearch's derivation from its uid and the master
 * key (HMAC-SHA256, as Meilisearch's `generate_key_as_hexa`). What it proves is this package's logic,
 * not Meilisearch itself.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@ruedas/platform';
import { ensureSearchKey, meilisearchKeyFor, refuseKeyManager, SEARCH_KEY_ACTIONS, SEARCH_KEY_UID } from '../src';

interface FakeKey {
  uid: string;
  key: string;
  name: string | null;
  description: string | null;
  actions: string[];
  indexes: string[];
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const MASTER = 'a-master-key-of-24-bytes-or-so';

const body = async (request: IncomingMessage): Promise<Record<string, unknown> | undefined> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
};

function fakeMeilisearch() {
  const keys = new Map<string, FakeKey>();
  const calls: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, value?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(value === undefined ? '' : JSON.stringify(value));
    };
    const refuse = () => send(403, { message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth', link: '' });
    const payload = await body(request);
    calls.push(`${request.method} ${url.pathname}`);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) return send(401, { message: 'The Authorization header is missing.', code: 'missing_authorization_header', type: 'auth', link: '' });
    const caller = [...keys.values()].find((key) => key.key === bearer);
    const may = (action: string) => bearer === MASTER || Boolean(caller?.actions.some((a) => a === '*' || a === action || a === `${action.split('.')[0]}.*`));
    const match = /^\/keys(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return send(404, { message: 'not faked', code: 'not_found', type: 'invalid_request', link: '' });
    const id = match[1];
    const found = id ? [...keys.values()].find((key) => key.uid === id || key.key === id) : undefined;
    if (request.method === 'GET' && !id) {
      if (!may('keys.get')) return refuse();
      return send(200, { results: [...keys.values()], offset: 0, limit: 20, total: keys.size });
    }
    if (request.method === 'GET') {
      if (!may('keys.get')) return refuse();
      return found ? send(200, found) : send(404, { message: `API key \`${id}\` not found.`, code: 'api_key_not_found', type: 'invalid_request', link: '' });
    }
    if (request.method === 'POST' && !id) {
      if (!may('keys.create')) return refuse();
      const uid = (payload?.uid as string | undefined) ?? randomUUID();
      if (keys.has(uid))
        return send(409, {
          message: `\`uid\` field value \`${uid}\` is already an existing API key.`,
          code: 'api_key_already_exists',
          type: 'invalid_request',
          link: '',
        });
      const now = new Date().toISOString();
      const key: FakeKey = {
        uid,
        key: createHmac('sha256', MASTER).update(uid).digest('hex'),
        name: (payload?.name as string | undefined) ?? null,
        description: (payload?.description as string | undefined) ?? null,
        actions: payload?.actions as string[],
        indexes: payload?.indexes as string[],
        expiresAt: (payload?.expiresAt as string | null | undefined) ?? null,
        createdAt: now,
        updatedAt: now,
      };
      keys.set(uid, key);
      return send(201, key);
    }
    if (request.method === 'DELETE' && found) {
      if (!may('keys.delete')) return refuse();
      keys.delete(found.uid);
      return send(204);
    }
    return send(405, { message: 'not faked', code: 'not_found', type: 'invalid_request', link: '' });
  });
  return {
    keys,
    calls,
    /** Adds a key as an operator would by hand. */
    add(actions: string[], uid: string = randomUUID()): string {
      const key = createHmac('sha256', MASTER).update(uid).digest('hex');
      keys.set(uid, { uid, key, name: null, description: null, actions, indexes: ['*'], expiresAt: null, createdAt: '', updatedAt: '' });
      return key;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: ReturnType<typeof fakeMeilisearch> | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

describe('the search key bootstrap (decision 0203)', () => {
  it('creates the key scoped to the index and its rebuild, without keys.* actions, then finds it again without a change', async () => {
    fake = fakeMeilisearch();
    const url = await fake.start();
    const made = await ensureSearchKey({ url, masterKey: MASTER, index: 'ads' });
    expect(made).toMatchObject({ uid: SEARCH_KEY_UID, outcome: 'created', indexes: ['ads', 'ads_next'] });
    expect(made.actions.sort()).toEqual([...SEARCH_KEY_ACTIONS].sort());
    expect(made.actions.filter((action) => action.startsWith('keys') || action === '*')).toEqual([]);
    expect(fake.keys.get(SEARCH_KEY_UID)?.expiresAt).toBeNull();
    // Known in advance: npm run secrets writes the same key from the master key.
    expect(made.key).toBe(meilisearchKeyFor(MASTER));

    const again = await ensureSearchKey({ url, masterKey: MASTER, index: 'ads', expectedKey: made.key });
    expect(again).toMatchObject({ key: made.key, outcome: 'unchanged' });
    expect(fake.calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST /keys']);
  });

  it('makes the key again, with the same value, when it reaches another index or other actions', async () => {
    fake = fakeMeilisearch();
    const url = await fake.start();
    const first = await ensureSearchKey({ url, masterKey: MASTER, index: 'ads' });
    fake.keys.get(SEARCH_KEY_UID)!.actions.push('dumps.create');
    const widened = await ensureSearchKey({ url, masterKey: MASTER, index: 'ads' });
    expect(widened).toMatchObject({ key: first.key, outcome: 'recreated' });
    expect(widened.actions).not.toContain('dumps.create');
    const moved = await ensureSearchKey({ url, masterKey: MASTER, index: 'cars' });
    expect(moved).toMatchObject({ key: first.key, outcome: 'recreated', indexes: ['cars', 'cars_next'] });
  });

  it('refuses a wrong master key and a MEILI_API_KEY that is not the key made, naming the variable', async () => {
    fake = fakeMeilisearch();
    const url = await fake.start();
    const wrongMaster = ensureSearchKey({ url, masterKey: 'not-the-master-key', index: 'ads' });
    await expect(wrongMaster).rejects.toBeInstanceOf(ConfigError);
    await expect(wrongMaster).rejects.toThrow(/^MEILI_MASTER_KEY: .*refused it/);
    expect(fake.keys.size).toBe(0);
    await expect(ensureSearchKey({ url, masterKey: MASTER, index: 'ads', expectedKey: 'an-older-key' })).rejects.toThrow(
      /^MEILI_API_KEY: is not the search key Meilisearch made/,
    );
  });
});

describe('the search service refuses a key that can manage keys', () => {
  it('refuses the master key and a key with keys.* actions; accepts the search key', async () => {
    fake = fakeMeilisearch();
    const url = await fake.start();
    const master = refuseKeyManager({ url, apiKey: MASTER });
    await expect(master).rejects.toBeInstanceOf(ConfigError);
    await expect(master).rejects.toThrow(/^MEILI_API_KEY: can manage Meilisearch API keys \(it is the master key/);
    await expect(refuseKeyManager({ url, apiKey: fake.add(['*']) })).rejects.toThrow(/^MEILI_API_KEY: can manage/);
    await expect(refuseKeyManager({ url, apiKey: fake.add(['keys.*']) })).rejects.toThrow(/^MEILI_API_KEY: can manage/);
    const { key } = await ensureSearchKey({ url, masterKey: MASTER, index: 'ads' });
    await expect(refuseKeyManager({ url, apiKey: key })).resolves.toBeUndefined();
  });
});
