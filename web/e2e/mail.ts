import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/**
 * The path of the newest link `/<route>/...` mailed to `to`, read from the all-in-one outbox
 * (<dataDir>/mail/*.json); waits for the mail up to `timeoutMs`.
 */
export async function mailedLink(dataDir: string, to: string, route: string, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`/${route}/[A-Za-z0-9_-]+`);
  const deadline = Date.now() + timeoutMs;
  const dir = join(dataDir, 'mail');
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMail),
    );
    const link = mails
      .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
      .map((mail) => pattern.exec(mail.text)?.[0])
      .find((found) => found !== undefined);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} with a /${route}/ link after ${timeoutMs} ms`);
}
