import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, type Started } from './harness';
import { createAd, eventually, newSeller } from './sellers';
import { signInAt } from './signInAt';
import { seriousViolations, shot } from './issue31';

/**
 * Seller insights (issue 20) in My ads: a dealer's ad gets scripted views, a phone request and a
 * share; My ads shows its sparkline, the detail with the 30-day funnel and the hints, the dealer's
 * totals and the CSV export. Spanish on a desktop by mouse, English on a phone by taps.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

const CASES = [
  // Each case its own model, so neither ad is the other's similar ad (the demo has neither in these years).
  { name: 'desktop, Spanish, mouse', width: 1280, height: 800, touch: false, language: 'es', model: 'Corolla', year: 2018 },
  { name: 'phone, English, taps', width: 360, height: 740, touch: true, language: 'en', model: 'Tercel', year: 1996 },
] as const;

const TEXT = {
  es: {
    details: 'Ver detalle',
    summary: '3 vistas · 0 apariciones',
    views: 'Vistas del anuncio',
    phone: 'Consultas del teléfono',
    shares: 'Veces compartido',
    fewPhotos: 'Pocas fotos en comparación con anuncios similares',
    export: 'Exportar CSV',
    header: 'Anuncio,Carro,Día,Apariciones en resultados,Vistas del anuncio,Contactos por WhatsApp,Consultas del teléfono,Favoritos,Veces compartido',
    close: 'Cerrar',
  },
  en: {
    details: 'See details',
    summary: '3 views · 0 impressions',
    views: 'Ad views',
    phone: 'Phone requests',
    shares: 'Shares',
    fewPhotos: 'Few photos compared with similar ads',
    export: 'Export CSV',
    header: 'Ad,Car,Day,Shown in results,Ad views,WhatsApp contacts,Phone requests,Favourites,Shares',
    close: 'Close',
  },
} as const;

/** A browser context signed in as `account` (the account's language wins), at the size under test; downloads allowed (the CSV). */
const signedInAt = (started: Started, account: { email: string; password: string }, size: (typeof CASES)[number]): Promise<Page> =>
  signInAt(started, account, size, size.language === 'en' ? 'My account' : 'Mi cuenta', { acceptDownloads: true });

describe('seller insights in My ads (issue 20)', () => {
  for (const size of CASES) {
    it(`shows each ad's sparkline, the 30-day funnel with hints, and a dealer's CSV export (${size.name})`, async () => {
      const started = running();
      const { server } = started;
      const text = TEXT[size.language];
      const dealer = await newSeller(server, { language: size.language, merchantName: 'Autos del Valle' });
      const ad = await createAd(server, dealer, { model: size.model, year: size.year });
      const admin = await server.login((await server.demo()).credentials.admin);
      await server.graphql('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: ad }, admin);
      // Scripted visits: three views by three visitors (a visitor counts once per ad and day, issue 28: an
      // anonymous visitor, the administrator and another account), one phone request, one share.
      const viewer = await newSeller(server, { language: size.language });
      for (const token of [undefined, admin, viewer.token])
        await server.graphql('mutation($id: ID!) { incrementViewCount(opportunityId: $id) }', { id: ad }, token);
      await server.graphql('query($id: ID!) { opportunityContact(id: $id) { fullName } }', { id: ad });
      await server.graphql('mutation($id: ID!) { recordOpportunityShare(opportunityId: $id, channel: WHATSAPP) }', { id: ad });
      await eventually(
        () =>
          server.graphql<{ opportunityInsights: { totals: { views: number } } }>(
            'query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }',
            { id: ad },
            dealer.token,
          ),
        (data) => data.opportunityInsights.totals.views === 3,
      );

      const page = await signedInAt(started, dealer, size);
      await page.goto(`${server.baseUrl}/myOpportunities`);
      const card = page.locator(`[data-insights-ad="${ad}"]`);
      await card.getByTestId('sparkline').waitFor();
      expect(await card.textContent()).toContain(text.summary);
      // The sparkline's last point (today) is its highest.
      const points = ((await card.locator('polyline').getAttribute('points')) ?? '').split(' ');
      expect(points).toHaveLength(30);
      expect(Number(points.at(-1)!.split(',')[1])).toBeLessThan(Number(points[0]!.split(',')[1]));

      const details = card.getByRole('button', { name: text.details });
      if (size.touch) await details.tap();
      else await details.click();
      const detail = page.getByTestId('insights-detail');
      await detail.waitFor();
      await detail.getByTestId('funnel-chart').waitFor();
      // Issue 31, item 7: the chart has a count axis (0 up to at least the 3 views) and dated days.
      const counts = (await detail.getByTestId('funnel-axis-y').locator('span').allTextContents()).map(Number);
      expect(counts.at(-1)).toBe(0);
      expect(counts[0]).toBeGreaterThanOrEqual(3);
      const dates = detail.getByTestId('funnel-axis-x').locator('span');
      expect(await dates.count()).toBeGreaterThanOrEqual(4);
      const lastDay = (await dates.last().getAttribute('data-day'))!;
      expect(await dates.last().textContent()).toContain(String(Number(lastDay.slice(8))));
      expect(await dates.last().textContent()).toMatch(size.language === 'es' ? /[a-z]{3}/ : /[A-Z][a-z]{2}/);
      const row = (step: string) => detail.locator(`tr[data-step="${step}"] td`);
      expect(await row('views').allTextContents()).toEqual([text.views, '3', '—']);
      expect(await row('phoneContacts').allTextContents()).toEqual([text.phone, '1', '—']);
      expect(await row('shares').allTextContents()).toEqual([text.shares, '1', '—']);
      expect(await detail.getByTestId('insights-hints').textContent()).toContain(text.fewPhotos);
      await shot(page, `insights-detail-${size.language}-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      const close = page.getByRole('button', { name: text.close });
      if (size.touch) await close.tap();
      else await close.click();
      await detail.waitFor({ state: 'detached' });

      // The dealer's totals across all their ads, and the CSV export of every ad and day.
      const totals = page.getByTestId('dealer-totals');
      expect(await totals.locator('[data-step="views"]').textContent()).toContain('3');
      const exportButton = totals.getByRole('button', { name: text.export });
      const [download] = await Promise.all([page.waitForEvent('download'), size.touch ? exportButton.tap() : exportButton.click()]);
      // The browser is shared and reached over a connection (web/e2e/chromium.ts): the file is saved here.
      const saved = join(tmpdir(), `ruedas-insights-${randomUUID()}.csv`);
      await download.saveAs(saved);
      const csv = (await readFile(saved, 'utf8')).replace(/^\uFEFF/, '');
      await rm(saved, { force: true });
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(text.header);
      expect(lines).toHaveLength(31);
      expect(lines.at(-1)).toMatch(new RegExp(`^${ad},Toyota ${size.model} ${size.year},\\d{4}-\\d{2}-\\d{2},0,3,0,1,0,1$`));
      await page.context().close();
    });
  }
});
