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
