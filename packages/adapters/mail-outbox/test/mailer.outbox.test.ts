import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import type { Logger } from '@ruedas/platform';
import { runMailerContractTests } from '@ruedas/testing';

const FROM = 'no-reply@ruedas.cr';
const temporaryDir = () => mkdtemp(join(tmpdir(), 'ruedas-outbox-'));

runMailerContractTests('mail-outbox', async () => {
  const dir = await temporaryDir();
  const mailer = await createOutboxMailer({ dir, from: FROM });
  return {
    mailer,
    received: async () =>
      (await mailer.list()).map(({ to, subject, text, html, headers }) => ({
        to,
        subject,
        text,
        ...(html !== undefined && { html }),
        ...(headers !== undefined && { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])) }),
      })),
    teardown: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('mail-outbox', () => {
  it('writes each mail as a JSON record and a page to open, and answers the page as location', async () => {
    const dir = await temporaryDir();
    const mailer = await createOutboxMailer({ dir, from: FROM });
    const sent = await mailer.send({ to: 'ana@example.cr', subject: 'Bienvenida <Ana>', text: 'Hola & bienvenida' });
    expect(sent.location).toBe(join(dir, `${sent.id}.html`));
    const page = await readFile(sent.location, 'utf8');
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain('Bienvenida &lt;Ana&gt;');
    expect(page).toContain('Hola &amp; bienvenida');
    const record = JSON.parse(await readFile(join(dir, `${sent.id}.json`), 'utf8'));
    expect(record).toMatchObject({ id: sent.id, to: 'ana@example.cr', from: FROM, subject: 'Bienvenida <Ana>' });
    expect(Date.parse(record.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await readdir(join(dir, 'tmp'))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });

  it('lists newest first and reads one mail by id', async () => {
    const dir = await temporaryDir();
    const mailer = await createOutboxMailer({ dir, from: FROM });
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push((await mailer.send({ to: `u${n}@example.cr`, subject: `Mail ${n}`, text: '.' })).id);
    expect((await mailer.list()).map((mail) => mail.id)).toEqual(ids.reverse());
    expect(await mailer.read(ids[0] ?? '')).toMatchObject({ subject: 'Mail 5', from: FROM });
    expect(await mailer.read('20000101T000000000Z-00000000')).toBeNull();
    expect(await mailer.read('../../etc/passwd')).toBeNull();
    await rm(dir, { recursive: true, force: true });
  });

  it('remembers idempotency keys across a restart', async () => {
    const dir = await temporaryDir();
    const message = { to: 'ana@example.cr', subject: 'Confirmá', text: '.', idempotencyKey: 'event-1' };
    const first = await (await createOutboxMailer({ dir, from: FROM })).send(message);
    const again = await (await createOutboxMailer({ dir, from: FROM })).send(message);
    expect(again).toEqual(first);
    await rm(dir, { recursive: true, force: true });
  });

  it('logs each mail with the path of its page', async () => {
    const dir = await temporaryDir();
    const info = vi.fn();
    const logger = { info } as unknown as Logger;
    const sent = await (await createOutboxMailer({ dir, from: FROM, logger })).send({ to: 'ana@example.cr', subject: 'Hola', text: '.' });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ path: sent.location, to: 'ana@example.cr' }), expect.any(String));
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to open without a folder or with a sender that is not an address', async () => {
    await expect(createOutboxMailer({ dir: '', from: FROM })).rejects.toThrow(/dir is required/);
    await expect(createOutboxMailer({ dir: tmpdir(), from: 'Ruedas' })).rejects.toThrow(/from must be an address/);
  });
});
