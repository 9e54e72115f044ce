import { randomBytes } from 'node:crypto';
import { open, readFile, readdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  assertMailMessage,
  createLogger,
  isMailAddress,
  PRIVATE_FILE_MODE,
  privateDir,
  type Logger,
  type MailMessage,
  type Mailer,
  type SentMail,
} from '@ruedas/platform';
import { renderMailPage } from './html';

export interface OutboxMailerOptions {
  /** The folder the mails are written to (created if missing). */
  dir: string;
  /** Sender address written on every mail. */
  from: string;
  logger?: Logger;
}

export interface OutboxMail {
  /** Time-ordered: a later mail of this process has a greater id. */
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  /** ISO 8601. */
  sentAt: string;
  idempotencyKey?: string;
  /** The extra headers (List-Unsubscribe, ...), as sent. */
  headers?: Record<string, string>;
}

export interface OutboxMailer extends Mailer {
  /** Every mail in the folder, newest first. */
  list(): Promise<OutboxMail[]>;
  /** null when there is no such mail. */
  read(id: string): Promise<OutboxMail | null>;
}

const ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/**
 * Opens a mailer that writes each mail to `dir` as `<id>.json` (the record) and `<id>.html` (to
 * open in a browser), and logs where. The same idempotencyKey is written once, across restarts too.
 */
export async function createOutboxMailer(options: OutboxMailerOptions): Promise<OutboxMailer> {
  if (!options.dir?.trim()) throw new Error('mail-outbox: dir is required');
  if (!isMailAddress(options.from ?? '')) throw new Error(`mail-outbox: from must be an address, not ${JSON.stringify(options.from)}`);
  const dir = resolve(options.dir);
  await privateDir(dir);
  await privateDir(join(dir, 'tmp'));
  const mailer = new FileOutboxMailer(dir, options.from, options.logger ?? createLogger('mail-outbox'));
  for (const mail of await mailer.list()) mailer.remember(mail);
  return mailer;
}

class FileOutboxMailer implements OutboxMailer {
  readonly kind = 'outbox';
  /** idempotencyKey → the mail it sent (or is sending), so a repeat answers the first. */
  private readonly sentByKey = new Map<string, Promise<OutboxMail>>();
  private lastTime = 0;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    assertMailMessage(message);
    const key = message.idempotencyKey;
    if (key === undefined) return this.sentMail(await this.write(message));
    let sending = this.sentByKey.get(key);
    if (!sending) {
      sending = this.write(message);
      this.sentByKey.set(key, sending);
      sending.catch(() => this.sentByKey.delete(key));
    }
    return this.sentMail(await sending);
  }

  async list(): Promise<OutboxMail[]> {
    const ids = (await readdir(this.dir))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => ID.test(id))
      .sort()
      .reverse();
    const mails = await Promise.all(ids.map((id) => this.read(id)));
    return mails.filter((mail): mail is OutboxMail => mail !== null);
  }

  async read(id: string): Promise<OutboxMail | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as OutboxMail;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async close(): Promise<void> {
    // Every send opens and closes its own files: nothing is held between calls.
  }

  remember(mail: OutboxMail): void {
    if (mail.idempotencyKey !== undefined) this.sentByKey.set(mail.idempotencyKey, Promise.resolve(mail));
  }

  private async write(message: MailMessage): Promise<OutboxMail> {
    const now = new Date();
    const mail: OutboxMail = {
      id: this.nextId(now),
      to: message.to,
      from: this.from,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined && { html: message.html }),
      sentAt: now.toISOString(),
      ...(message.idempotencyKey !== undefined && { idempotencyKey: message.idempotencyKey }),
      ...(message.headers !== undefined && { headers: { ...message.headers } as Record<string, string> }),
    };
    // The page first, the record last: a mail is listed only once both are complete.
    await this.writeAtomically(`${mail.id}.html`, renderMailPage(mail));
    await this.writeAtomically(`${mail.id}.json`, `${JSON.stringify(mail, null, 2)}\n`);
    this.logger.info({ mailId: mail.id, to: mail.to, subject: mail.subject, path: this.pageOf(mail) }, 'mail written to the outbox');
    return mail;
  }

  /** A timestamp that never goes back nor repeats in this process, then a random part. */
  private nextId(now: Date): string {
    this.lastTime = Math.max(now.getTime(), this.lastTime + 1);
    const stamp = new Date(this.lastTime).toISOString().replace(/[-:.]/g, '');
    return `${stamp}-${randomBytes(4).toString('hex')}`;
  }

  private async writeAtomically(name: string, content: string): Promise<void> {
    const temporary = join(this.dir, 'tmp', `${name}.tmp`);
    const handle = await open(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, join(this.dir, name));
  }

  private pageOf(mail: OutboxMail): string {
    return join(this.dir, `${mail.id}.html`);
  }

  private sentMail(mail: OutboxMail): SentMail {
    return { id: mail.id, location: this.pageOf(mail) };
  }
}
