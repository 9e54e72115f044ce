/**
 * The search key bootstrap and the refusal of a key that can manage keys (decision 0203), against a
 * small fake of Meilisearch's `/keys` API (no Meilisearch runs here): the master key may do anything,
 * an API key only its actions; a key's value is Meilisearch's derivation from its uid and the master
 * key (HMAC-SHA256, as Meilisearch's `generate_key_as_hexa`). What it proves is this package's logic,
 * not Meilisearch itself.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@ruedas/platform';
import { ensureSearchKey, meilisearchKeyFor, refuseKeyManager, SEARCH_KEY_ACTIONS, SEARCH_KEY_UID } from '../src';
import { fakeMeilisearchServer, meiliError, stopFakesAfterEach, type FakeAnswer } from './fake-meilisearch';

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

/** Meilisearch's `/keys` API: list, get by uid or key, create, delete. */
function fakeMeilisearch() {
  const keys = new Map<string, FakeKey>();
  const calls: string[] = [];
  const refuse = () => meiliError(403, 'invalid_api_key', 'auth', 'The provided API key is invalid.');
  const server = fakeMeilisearchServer(({ method, path, body, bearer }): FakeAnswer => {
    calls.push(`${method} ${path}`);
    const payload = body as Record<string, unknown> | undefined;
    if (!bearer) return meiliError(401, 'missing_authorization_header', 'auth', 'The Authorization header is missing.');
    const caller = [...keys.values()].find((key) => key.key === bearer);
    const may = (action: string) => bearer === MASTER || Boolean(caller?.actions.some((a) => a === '*' || a === action || a === `${action.split('.')[0]}.*`));
    const match = /^\/keys(?:\/([^/]+))?$/.exec(path);
    if (!match) return meiliError(404, 'not_found', 'invalid_request', 'not faked');
    const id = match[1];
    const found = id ? [...keys.values()].find((key) => key.uid === id || key.key === id) : undefined;
    if (method === 'GET' && !id) {
      if (!may('keys.get')) return refuse();
      return [200, { results: [...keys.values()], offset: 0, limit: 20, total: keys.size }];
    }
    if (method === 'GET') {
      if (!may('keys.get')) return refuse();
      return found ? [200, found] : meiliError(404, 'api_key_not_found', 'invalid_request', `API key \`${id}\` not found.`);
    }
    if (method === 'POST' && !id) {
      if (!may('keys.create')) return refuse();
      const uid = (payload?.uid as string | undefined) ?? randomUUID();
      if (keys.has(uid)) return meiliError(409, 'api_key_already_exists', 'invalid_request', `\`uid\` field value \`${uid}\` is already an existing API key.`);
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
      return [201, key];
    }
    if (method === 'DELETE' && found) {
      if (!may('keys.delete')) return refuse();
      keys.delete(found.uid);
      return [204];
    }
    return meiliError(405, 'not_found', 'invalid_request', 'not faked');
  });
  return {
    ...server,
    keys,
    calls,
    /** Adds a key as an operator would by hand. */
    add(actions: string[], uid: string = randomUUID()): string {
      const key = createHmac('sha256', MASTER).update(uid).digest('hex');
      keys.set(uid, { uid, key, name: null, description: null, actions, indexes: ['*'], expiresAt: null, createdAt: '', updatedAt: '' });
      return key;
    },
  };
}

const track = stopFakesAfterEach();

describe('the search key bootstrap (decision 0203)', () => {
  it('creates the key scoped to the index and its rebuild, without keys.* actions, then finds it again without a change', async () => {
    const fake = track(fakeMeilisearch());
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
    const fake = track(fakeMeilisearch());
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
    const fake = track(fakeMeilisearch());
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
    const fake = track(fakeMeilisearch());
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
