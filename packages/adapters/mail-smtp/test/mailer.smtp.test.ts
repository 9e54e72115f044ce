import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createSmtpMailer, type SmtpMailerOptions } from '@ruedas/mail-smtp';
import { ConfigError } from '@ruedas/platform';
import { runMailerContractTests, type ReceivedMail } from '@ruedas/testing';

const FROM = 'no-reply@ruedas.cr';
const USER = { username: 'ruedas', password: 'contraseña segura' };

interface Delivery {
  envelopeTo: string[];
  messageId: string | undefined;
  mail: ReceivedMail;
}

/** An SMTP server in this process: it checks the credentials and keeps every message it accepts. */
async function startSmtpServer(options: { refuse?: () => boolean } = {}) {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER.username && auth.password === USER.password) callback(null, { user: auth.username });
      else callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      if (options.refuse?.()) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then((parsed) => {
        const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
        // The list headers as they came over the wire (mailparser parses List-* into objects).
        const lines = parsed.headerLines.filter((line) => line.key.startsWith('list-'));
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.key,
            line.line
              .slice(line.line.indexOf(':') + 1)
              .replace(/\r?\n[ \t]+/g, ' ')
              .trim(),
          ]),
        );
        deliveries.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          messageId: parsed.messageId,
          mail: {
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            // A single-part message ends with the line break that closes its body.
            text: (parsed.text ?? '').replace(/\n$/, ''),
            ...(typeof parsed.html === 'string' && { html: parsed.html }),
            ...(lines.length > 0 && { headers }),
          },
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER.username}:${encodeURIComponent(USER.password)}@127.0.0.1:${port}`,
    deliveries,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

runMailerContractTests('mail-smtp on smtp-server (in process)', async () => {
  const smtp = await startSmtpServer();
  return {
    mailer: await createSmtpMailer({ url: smtp.url, from: FROM }),
    received: async () => smtp.deliveries.map((delivery) => delivery.mail),
    teardown: smtp.stop,
  };
});

describe('mail-smtp', () => {
  it('sends to the recipient from the configured sender, with a Message-ID derived from the idempotency key', async () => {
    const smtp = await startSmtpServer();
    const mailer = await createSmtpMailer({ url: smtp.url, from: FROM });
    const sent = await mailer.send({ to: 'ana@example.cr', subject: 'Hola', text: '.', idempotencyKey: 'event-7' });
    const restarted = await createSmtpMailer({ url: smtp.url, from: FROM });
    const resent = await restarted.send({ to: 'ana@example.cr', subject: 'Hola', text: '.', idempotencyKey: 'event-7' });
    expect(sent.id).toMatch(/^<[0-9a-f]{32}@ruedas\.cr>$/);
    expect(resent.id).toBe(sent.id);
    expect(smtp.deliveries.map((d) => [d.envelopeTo, d.messageId])).toEqual([
      [['ana@example.cr'], sent.id],
      [['ana@example.cr'], sent.id],
    ]);
    await Promise.all([mailer.close(), restarted.close()]);
    await smtp.stop();
  });

  it('reports a refused mail, and sends it on the retry with the same idempotency key', async () => {
    let refusals = 1;
    const smtp = await startSmtpServer({ refuse: () => refusals-- > 0 });
    const mailer = await createSmtpMailer({ url: smtp.url, from: FROM });
    const message = { to: 'ana@example.cr', subject: 'Hola', text: '.', idempotencyKey: 'event-8' };
    await expect(mailer.send(message)).rejects.toThrow(/mailbox busy/);
    await expect(mailer.send(message)).resolves.toMatchObject({ id: expect.any(String) });
    expect(smtp.deliveries).toHaveLength(1);
    await mailer.close();
    await smtp.stop();
  });

  it('refuses to start with wrong credentials, naming SMTP_URL without the password', async () => {
    const smtp = await startSmtpServer();
    const attempt = createSmtpMailer({ url: smtp.url.replace('ruedas:', 'intruso:'), from: FROM });
    await expect(attempt).rejects.toThrow(/SMTP_URL=smtp:\/\/intruso:\*\*\*@127\.0\.0\.1:\d+ cannot be used: .*(Invalid login|bad credentials)/);
    await expect(attempt).rejects.not.toThrow(encodeURIComponent(USER.password));
    expect(smtp.deliveries).toEqual([]);
    await smtp.stop();
  });

  it('refuses to start when no SMTP server answers at SMTP_URL', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.stop();
    await expect(createSmtpMailer({ url, from: FROM })).rejects.toThrow(/SMTP_URL=smtp:\/\/ruedas:\*\*\*@127\.0\.0\.1:\d+ cannot be used/);
  });
});

describe('mail-smtp settings', () => {
  const valid: SmtpMailerOptions = { url: 'smtp://user:pass@127.0.0.1:2525', from: FROM };
  const refusals: Array<{ what: string; override: Partial<SmtpMailerOptions>; variable: string }> = [
    { what: 'a missing URL', override: { url: '' }, variable: 'SMTP_URL' },
    { what: 'a URL that is not one', override: { url: 'mail.example.cr:587' }, variable: 'SMTP_URL' },
    { what: 'a URL of another protocol', override: { url: 'http://mail.example.cr' }, variable: 'SMTP_URL' },
    { what: 'a URL with a path', override: { url: 'smtp://mail.example.cr:587/inbox' }, variable: 'SMTP_URL' },
    { what: 'a missing sender', override: { from: '' }, variable: 'MAIL_FROM' },
    { what: 'a sender that is not an address', override: { from: 'Ruedas' }, variable: 'MAIL_FROM' },
  ];
  it.each(refusals)('refuses $what with a ConfigError naming $variable', async ({ override, variable }) => {
    const attempt = createSmtpMailer({ ...valid, ...override });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toMatchObject({ variable, message: expect.stringContaining(variable) });
  });

  it('accepts smtps:// URLs', async () => {
    const mailer = await createSmtpMailer({ ...valid, url: 'smtps://user:pass@mail.example.cr', verify: false });
    expect(mailer.kind).toBe('smtp');
    await mailer.close();
  });
});
