/**
 * The mailer port. Adapters: mail-outbox (each mail written to the data folder and logged with its
 * link), mail-smtp (nodemailer over SMTP).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable key of the mail (e.g. the id of the event that caused it), for idempotent sending. */
  idempotencyKey?: string;
  /**
   * Extra header lines (issue 19: `List-Unsubscribe`, `List-Unsubscribe-Post` of RFC 8058). Only
   * names of `MAIL_HEADERS` are taken; a value is one line.
   */
  headers?: Partial<Record<MailHeaderName, string>>;
}

/** The extra headers a mail may carry: the list headers of RFC 2369 / RFC 8058. */
export const MAIL_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Id'] as const;
export type MailHeaderName = (typeof MAIL_HEADERS)[number];

export interface SentMail {
  id: string;
  /** Where a person can read it (outbox: a file path; smtp: the server's message id). */
  location: string;
}

export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** One plain address: what the services send to (a user's email), nothing SMTP could read as two. */
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;

export function isMailAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/**
 * The checks every mailer makes before sending, so a mail refused in production is refused in
 * development too: one plain recipient and a one-line subject (no header injection), a text body.
 */
export function assertMailMessage(message: MailMessage): void {
  if (typeof message.to !== 'string' || !isMailAddress(message.to)) throw new Error(`invalid recipient: ${JSON.stringify(message.to)}`);
  if (typeof message.subject !== 'string' || !message.subject.trim() || /[\r\n]/.test(message.subject)) {
    throw new Error(`invalid subject: ${JSON.stringify(message.subject)} (one line, not empty)`);
  }
  if (typeof message.text !== 'string') throw new Error('invalid mail: text is required');
  if (message.html !== undefined && typeof message.html !== 'string') throw new Error('invalid mail: html must be a string');
  if (message.headers !== undefined) {
    if (typeof message.headers !== 'object' || message.headers === null) throw new Error('invalid mail: headers must be an object');
    for (const [name, value] of Object.entries(message.headers)) {
      if (!(MAIL_HEADERS as readonly string[]).includes(name)) throw new Error(`invalid header: ${JSON.stringify(name)} (allowed: ${MAIL_HEADERS.join(', ')})`);
      if (typeof value !== 'string' || !value.trim() || /[\r\n]/.test(value))
        throw new Error(`invalid header ${name}: ${JSON.stringify(value)} (one line, not empty)`);
    }
  }
}
