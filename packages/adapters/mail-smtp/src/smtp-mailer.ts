import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import {
  assertMailMessage,
  ConfigError,
  createLogger,
  isMailAddress,
  requireSetting,
  type Logger,
  type MailMessage,
  type Mailer,
  type SentMail,
} from '@ruedas/platform';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...` (`SMTP_URL`). */
  url: string;
  /** Sender address (`MAIL_FROM`). */
  from: string;
  logger?: Logger;
  /** Connect and log in at start, refusing to start when the server cannot be used (default true). */
  verify?: boolean;
}

/** How many idempotency keys a process remembers; the oldest are forgotten first. */
const REMEMBERED_KEYS = 10_000;

/**
 * Opens a mailer that sends through an SMTP server with nodemailer. Throws a ConfigError naming
 * the variable when a setting is missing or malformed.
 *
 * Idempotency: a mail with an idempotencyKey gets a Message-ID derived from the key, and this
 * process sends each key once (answering the first send to the repeats). A repeat after a restart
 * is sent again, with the same Message-ID, which mail systems use to recognise duplicates.
 */
export async function createSmtpMailer(options: SmtpMailerOptions): Promise<Mailer> {
  const url = parseUrl(requireSetting(options.url, 'SMTP_URL', 'URL of the SMTP server, e.g. smtp://user:pass@host:587'));
  const from = requireSetting(options.from, 'MAIL_FROM', 'sender address of the mails');
  if (!isMailAddress(from)) throw new ConfigError('MAIL_FROM', `${JSON.stringify(from)} is not an address`);
  const transport = nodemailer.createTransport(url.href);
  if (options.verify ?? true) {
    try {
      // Connects, greets and logs in (when the URL has credentials), like a send would.
      await transport.verify();
    } catch (error) {
      transport.close();
      const shown = `${url.protocol}//${url.username ? `${decodeURIComponent(url.username)}:***@` : ''}${url.host}`;
      throw new Error(`mail-smtp: the SMTP server at SMTP_URL=${shown} cannot be used: ${(error as Error).message}`, { cause: error });
    }
  }
  return new SmtpMailer(transport, from, options.logger ?? createLogger('mail-smtp'));
}

function parseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('SMTP_URL', 'is not a URL (expected e.g. smtp://user:pass@host:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL', 'must start with smtp:// or smtps://');
  if (!url.hostname) throw new ConfigError('SMTP_URL', 'names no host');
  if (url.pathname && url.pathname !== '/') throw new ConfigError('SMTP_URL', 'must be the server address alone, without a path');
  return url;
}

class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly sentByKey = new Map<string, Promise<SentMail>>();
  private readonly domain: string;

  constructor(
    private readonly transport: nodemailer.Transporter,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.domain = from.slice(from.lastIndexOf('@') + 1);
  }

  async send(message: MailMessage): Promise<SentMail> {
    assertMailMessage(message);
    const key = message.idempotencyKey;
    if (key === undefined) return this.deliver(message);
    let sending = this.sentByKey.get(key);
    if (!sending) {
      sending = this.deliver(message, `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${this.domain}>`);
      this.remember(key, sending);
      // A failed send is forgotten, so that the caller's retry really sends.
      sending.catch(() => this.sentByKey.delete(key));
    }
    return sending;
  }

  async close(): Promise<void> {
    this.transport.close();
  }

  private async deliver(message: MailMessage, messageId?: string): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined && { html: message.html }),
      ...(messageId !== undefined && { messageId }),
      ...(message.headers !== undefined && { headers: { ...message.headers } as Record<string, string> }),
    });
    this.logger.info({ messageId: info.messageId, to: message.to, subject: message.subject, response: info.response }, 'mail sent');
    return { id: info.messageId, location: info.messageId };
  }

  private remember(key: string, sending: Promise<SentMail>): void {
    this.sentByKey.set(key, sending);
    if (this.sentByKey.size > REMEMBERED_KEYS) {
      const oldest = this.sentByKey.keys().next().value;
      if (oldest !== undefined) this.sentByKey.delete(oldest);
    }
  }
}
