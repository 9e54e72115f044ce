import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser, type RunningServer } from './harness';
import { press, seriousViolations, shot, SIZES } from './issue31';
import { adInput, createAd, eventually, newSeller } from './sellers';
import { signInAt } from './signInAt';

/**
 * Issue 31, item 6, in Chromium at 1280 × 800 (Spanish, mouse) and 360 × 740 (English, taps): a
 * buyer who stars an ad gets its price-drop mail without turning anything on (the /alerts setting
 * shows it on), the mail carries the unsubscribe link, and the link pauses the alerts, which /alerts shows.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '4' });

const TEXT = {
  es: {
    account: 'Mi cuenta',
    add: 'Agregar Toyota Yaris 2018 a favoritos',
    remove: 'Quitar Toyota Yaris 2018 de favoritos',
    all: 'Avisarme de todos mis favoritos',
    pause: 'Pausar las alertas de favoritos',
    subject: 'Bajó de precio: Toyota Yaris 2018',
    unsubscribe: 'Para dejar de recibir alertas de sus favoritos, abra este enlace:',
    confirm: 'Sí, cancelar las alertas',
  },
  en: {
    account: 'My account',
    add: 'Add Toyota Yaris 2018 to favourites',
    remove: 'Remove Toyota Yaris 2018 from favourites',
    all: 'Alert me about all my favourites',
    pause: 'Pause favourite alerts',
    subject: 'Price drop: Toyota Yaris 2018',
    unsubscribe: 'To stop receiving alerts about your favourites, open this link:',
    confirm: 'Yes, cancel the alerts',
  },
} as const;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(server: RunningServer, to: string): Promise<Mail[]> {
  const dir = join(server.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const all = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as Mail));
  return all.filter((mail) => mail.to === to);
}

const PUBLISH = 'mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }';

describe('alerts on favourites are on by default (issue 31, item 6)', () => {
  for (const size of SIZES) {
    it(`a starred ad's price drop is mailed without asking, with the unsubscribe link, and /alerts shows the setting (${size.name})`, async () => {
      const started = running();
      const { server } = started;
      const text = TEXT[size.language];
      const admin = await server.login((await server.demo()).credentials.admin);
      const seller = await newSeller(server, { name: 'Vende' });
      const ad = await createAd(server, seller, { model: 'Yaris', price: 7_000_000 });
      await server.graphql(PUBLISH, { id: ad }, admin);
      const buyer = await newSeller(server, { language: size.language, name: 'Compra' });
      const page = await signInAt(started, buyer, size, text.account);
      page.setDefaultTimeout(10_000);

      await page.goto(`${server.baseUrl}/opportunity/${ad}`);
      await hydrated(page);
      const star = page.getByRole('button', { name: text.add }).first();
      await press(size, star);
      await page.getByRole('button', { name: text.remove }).first().waitFor();

      // Nothing turned on by the buyer: the setting is on.
      await page.goto(`${server.baseUrl}/alerts`);
      await hydrated(page);
      const all = page.getByRole('switch', { name: text.all });
      await all.waitFor();
      expect(await all.isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: text.pause }).isChecked()).toBe(false);
      await shot(page, `favourite-alerts-on-${size.language}-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await server.graphql(
        'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
        { id: ad, input: adInput({ model: 'Yaris', price: 6_400_000 }) },
        seller.token,
      );
      const mail = (
        await eventually(
          () => mailsTo(server, buyer.email),
          (list) => list.some((one) => one.subject === text.subject),
          60_000,
        )
      ).find((one) => one.subject === text.subject);
      expect(mail!.text).toContain(text.unsubscribe);
      const link = /\/unsubscribe\?token=\S+/.exec(mail!.text)![0];

      await page.goto(`${server.baseUrl}${link}`);
      await hydrated(page);
      await press(size, page.getByRole('button', { name: text.confirm }));
      await page.getByTestId('unsubscribed').waitFor();
      await page.goto(`${server.baseUrl}/alerts`);
      await hydrated(page);
      await expect.poll(() => page.getByRole('switch', { name: text.pause }).isChecked()).toBe(true);
      await page.context().close();
    });
  }
});
