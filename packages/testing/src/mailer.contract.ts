import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '@ruedas/platform';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The extra headers the adapter can show (names in lower case); only asked of mails sent with headers. */
  headers?: Record<string, string>;
}

export interface MailerContractSetup {
  mailer: Mailer;
  /** Every mail that arrived so far, in any order. */
  received: () => Promise<ReceivedMail[]>;
  teardown: () => Promise<void>;
}

/**
 * The behaviour every Mailer adapter must show. Each test sends to its own recipients, so the
 * mails of one test never count in another's.
 */
export function runMailerContractTests(name: string, setup: () => Promise<MailerContractSetup>): void {
  describe(`Mailer contract: ${name}`, () => {
    let mailer: Mailer;
    let received: () => Promise<ReceivedMail[]>;
    let teardown: (() => Promise<void>) | undefined;
    const recipient = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.cr`;
    const receivedBy = async (to: string) => (await received()).filter((mail) => mail.to === to);

    beforeAll(async () => {
      ({ mailer, received, teardown } = await setup());
    });
    afterAll(async () => {
      await mailer?.close();
      await teardown?.();
    });

    it('delivers a mail with its recipient, subject, text and html intact', async () => {
      const to = recipient('ana');
      const sent = await mailer.send({
        to,
        subject: 'Confirm your account',
        text: 'Hello Ana,\nopen https://ruedas.cr/confirm?token=abc to confirm.',
        html: '<p>Hello Ana,</p><p><a href="https://ruedas.cr/confirm?token=abc">Confirm</a></p>',
      });
      expect(sent.id).not.toBe('');
      expect(sent.location).not.toBe('');
      expect(await receivedBy(to)).toEqual([
        {
          to,
          subject: 'Confirm your account',
          text: 'Hello Ana,\nopen https://ruedas.cr/confirm?token=abc to confirm.',
          html: '<p>Hello Ana,</p><p><a href="https://ruedas.cr/confirm?token=abc">Confirm</a></p>',
        },
      ]);
    });

    it('delivers a text-only mail without html', async () => {
      const to = recipient('text');
      await mailer.send({ to, subject: 'Solo texto', text: 'Sin HTML.' });
      const [mail, ...rest] = await receivedBy(to);
      expect(rest).toEqual([]);
      expect(mail).toMatchObject({ subject: 'Solo texto', text: 'Sin HTML.' });
      expect(mail?.html).toBeUndefined();
    });

    it('keeps Spanish accents, ñ and ₡ intact in subject, text and html', async () => {
      const to = recipient('jose');
      const subject = 'Confirmá tu cuenta, José: ñandú por ₡1.500.000 ¿sí? ¡Sí!';
      const text = 'Señora Muñoz, su anuncio "Año 2015, único dueño" cuesta ₡1.500.000.\nÁÉÍÓÚ áéíóú ü Ñ';
      const html = '<p>Señora Muñoz: <b>₡1.500.000</b>, camión año 2015 ¿lo compra?</p>';
      await mailer.send({ to, subject, text, html });
      expect(await receivedBy(to)).toEqual([{ to, subject, text, html }]);
    });

    it('delivers several mails, each once', async () => {
      const recipients = [recipient('uno'), recipient('dos'), recipient('tres')];
      const sent = await Promise.all(recipients.map((to, i) => mailer.send({ to, subject: `Mail ${i + 1}`, text: `Texto ${i + 1}` })));
      expect(new Set(sent.map((mail) => mail.id)).size).toBe(3);
      for (const [i, to] of recipients.entries()) {
        expect(await receivedBy(to)).toEqual([expect.objectContaining({ subject: `Mail ${i + 1}`, text: `Texto ${i + 1}` })]);
      }
    });

    it('delivers a mail once for the same idempotencyKey, answering the first send to repeats', async () => {
      const to = recipient('idem');
      const idempotencyKey = `event-${randomUUID()}`;
      const message = { to, subject: 'Restablecer contraseña', text: 'Una sola vez.', idempotencyKey };
      const first = await mailer.send(message);
      const [concurrent, later] = await Promise.all([mailer.send(message), mailer.send(message)]);
      const other = await mailer.send({ ...message, idempotencyKey: `event-${randomUUID()}` });
      expect(concurrent).toEqual(first);
      expect(later).toEqual(first);
      expect(other.id).not.toBe(first.id);
      expect(await receivedBy(to)).toHaveLength(2);
    });

    it('carries the list headers of RFC 8058 (one-click unsubscribe) as given', async () => {
      const to = recipient('lista');
      const unsubscribe = '<https://ruedas.cr/unsubscribe?token=s_abc>, <mailto:unsubscribe@ruedas.cr?subject=s_abc>';
      await mailer.send({
        to,
        subject: 'Alerta',
        text: 'Nuevo anuncio.',
        headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [mail] = await receivedBy(to);
      expect(mail?.headers?.['list-unsubscribe']).toBe(unsubscribe);
      expect(mail?.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    });

    it('refuses a header it does not know, and a header value of several lines, sending nothing', async () => {
      const to = recipient('cabecera');
      const refused = [
        { to, subject: 'Hola', text: 'x', headers: { Bcc: 'espia@example.cr' } },
        { to, subject: 'Hola', text: 'x', headers: { 'List-Unsubscribe': '<https://ruedas.cr/u>\r\nBcc: espia@example.cr' } },
        { to, subject: 'Hola', text: 'x', headers: { 'List-Unsubscribe': ' ' } },
      ];
      for (const message of refused) {
        await expect(mailer.send(message as never), JSON.stringify(message)).rejects.toThrow(/invalid/);
      }
      expect(await receivedBy(to)).toEqual([]);
    });

    it('refuses a recipient that is not one address, and a subject of several lines, sending nothing', async () => {
      const to = recipient('valid');
      const refused = [
        { to: 'not-an-address', subject: 'Hola', text: 'x' },
        { to: `${to}, otro@example.cr`, subject: 'Hola', text: 'x' },
        { to: `Ana <${to}>`, subject: 'Hola', text: 'x' },
        { to, subject: 'Hola\r\nBcc: espia@example.cr', text: 'x' },
        { to, subject: '', text: 'x' },
      ];
      for (const message of refused) {
        await expect(mailer.send(message), JSON.stringify(message)).rejects.toThrow(/invalid/);
      }
      expect(await receivedBy(to)).toEqual([]);
    });
  });
}
