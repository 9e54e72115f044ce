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
}

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
}
