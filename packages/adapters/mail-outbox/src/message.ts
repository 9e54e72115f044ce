import type { MailMessage } from '@ruedas/platform';

/** One plain address: what the services send to (a user's email), nothing SMTP could read as two. */
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;

export function isAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/** The same checks as mail-smtp's, so a mail refused in production is refused in development too. */
export function assertMessage(message: MailMessage): void {
  if (typeof message.to !== 'string' || !isAddress(message.to)) throw new Error(`invalid recipient: ${JSON.stringify(message.to)}`);
  if (typeof message.subject !== 'string' || !message.subject.trim() || /[\r\n]/.test(message.subject)) {
    throw new Error(`invalid subject: ${JSON.stringify(message.subject)} (one line, not empty)`);
  }
  if (typeof message.text !== 'string') throw new Error('invalid mail: text is required');
  if (message.html !== undefined && typeof message.html !== 'string') throw new Error('invalid mail: html must be a string');
}
