import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, lockDataDir, resolveTokenKeys } from '@ruedas/platform';
import { createFsBlobStore } from '@ruedas/blob-fs';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import { createEmbeddedStore } from '@ruedas/store-embedded';

/**
 * Issue 14 item 9: password hashes (store journals), mails, photos, events and keys were written
 * 0644 under 0755 folders. Every adapter that writes files must leave them to the owner only
 * (files 0600, folders 0700), whatever the umask, and close a folder left open by an older version.
 */
const logger = createLogger('test', 'silent');
let root: string;
const previousUmask = process.umask(0o022); // the usual umask, the one that gave 0644

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ruedas-private-'));
});
afterAll(async () => {
  process.umask(previousUmask);
  await rm(root, { recursive: true, force: true });
});

/** Every file and folder under `dir` (itself included) whose mode lets group or others in. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string) => {
    // A compaction may rename its temporary snapshot between readdir and stat: gone is not open.
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (info === null) return;
    if ((info.mode & 0o077) !== 0) found.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(dir);
  return found;
}

describe('data files are readable by their owner only', () => {
  it('in the embedded document store (journals, snapshots, lock)', async () => {
    const dir = join(root, 'store');
    const store = await createEmbeddedStore({ dir, logger, compaction: { minBytes: 1, ratio: 1 } });
    const users = await store.collection<{ _id: string; passwordHash: string }>('identity_users', new Schema({ _id: String, passwordHash: String }));
    for (let i = 0; i < 20; i++) await users.insertOne({ _id: `u${i % 3}-${i}`, passwordHash: '$argon2id$v=19$...' });
    await users.updateMany({}, { $set: { passwordHash: 'x' } });
    expect((await readdir(dir)).some((name) => name.startsWith('identity_users.'))).toBe(true);
    expect(await openToOthers(dir)).toEqual([]);
    await store.close();
    expect(await openToOthers(dir)).toEqual([]);
  });

  it('in the embedded event bus (topic logs, offsets)', async () => {
    const dir = join(root, 'bus');
    const bus = await createEmbeddedBus({ dir, logger });
    await bus.publish('identity.user', [{ key: 'k', value: '{"a":1}' }]);
    const subscription = await bus.subscribe({ group: 'g', topics: ['identity.user'], handler: async () => {} });
    await subscription.caughtUp();
    await subscription.stop();
    await bus.close();
    expect(await openToOthers(dir)).toEqual([]);
  });

  it('in the outbox mailer (records and pages)', async () => {
    const dir = join(root, 'mail');
    const mailer = await createOutboxMailer({ dir, from: 'no-reply@ruedas.test', logger });
    await mailer.send({ to: 'ana@example.com', subject: 'Restablezca su contraseña', text: 'https://ruedas.test/passwordReset/secret' });
    expect((await readdir(dir)).filter((name) => name.endsWith('.json'))).toHaveLength(1);
    expect(await openToOthers(dir)).toEqual([]);
    await mailer.close();
  });

  it('in the file blob store (objects and their folders)', async () => {
    const dir = join(root, 'blobs');
    const blobs = await createFsBlobStore({ dir });
    await blobs.put('ads/ad-1/photo-1.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    expect(await openToOthers(dir)).toEqual([]);
    await blobs.close();
  });

  it('for generated token keys and data-folder locks', async () => {
    const dir = join(root, 'identity');
    resolveTokenKeys({ dataDir: dir, production: false }, true);
    const lock = await lockDataDir(dir, 'test');
    expect(await openToOthers(dir)).toEqual([]);
    await lock.release();
  });

  it('closes a folder and journal an older version left readable (0755 / 0644)', async () => {
    const dir = join(root, 'old-store');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    await writeFile(join(dir, 'identity_users.journal'), '', { mode: 0o644 });
    const store = await createEmbeddedStore({ dir, logger });
    await store.collection('identity_users', new Schema({ _id: String }));
    expect(await openToOthers(dir)).toEqual([]);
    await store.close();
  });
});
