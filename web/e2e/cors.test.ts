import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startServer, type RunningServer } from './harness';

// Another team's web page, served from its own origin, calls Ruedas' /graphql and /api/v1 with
// fetch (issue 18, CORS). Its origin is in RUEDAS_CORS_ORIGINS: its browser reads the answers, with
// the Authorization header (preflighted). A page from an origin not in the list is blocked by its
// own browser: fetch fails.

const ADMIN = { email: 'socio@ruedas.test', password: 'Socio-Cors-2026-x' };

/** The partner's page: one button runs the calls and writes what came back (or the failure). */
const partnerPage = (api: string, token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner</title></head>
<body>
  <button id="run" style="width:200px;height:60px">Call Ruedas</button>
  <pre id="out">idle</pre>
  <script>
    const out = document.getElementById('out');
    document.getElementById('run').addEventListener('click', async () => {
      out.textContent = 'running';
      try {
        const graphql = await fetch(${JSON.stringify(`${api}/graphql`)}, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ${token}' },
          body: JSON.stringify({ query: '{ me { email } crcPerUsd }' }),
        });
        const body = await graphql.json();
        const rest = await fetch(${JSON.stringify(`${api}/api/v1/opportunity/homeCarousel`)}, { credentials: 'include' });
        out.textContent = 'graphql ' + graphql.status + ' ' + body.data.me.email + ' ' + (typeof body.data.crcPerUsd) + ' | rest ' + rest.status + ' ' + Array.isArray(await rest.json());
      } catch (error) {
        out.textContent = 'blocked ' + error.name;
      }
    });
  </script>
</body></html>`;

async function partnerServer(html: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

let ruedas: RunningServer;
let browser: Browser;
let token = '';
const partners: Array<{ origin: string; server: Server }> = [];

beforeAll(async () => {
  const allowed = await partnerServer(() => partnerPage(ruedas.baseUrl, token));
  const stranger = await partnerServer(() => partnerPage(ruedas.baseUrl, token));
  partners.push(allowed, stranger);
  ruedas = await startServer({
    RUEDAS_CORS_ORIGINS: `${allowed.origin},https://other.example`,
    RUEDAS_ADMIN_EMAIL: ADMIN.email,
    RUEDAS_ADMIN_PASSWORD: ADMIN.password,
  });
  token = await ruedas.login(ADMIN);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await ruedas?.stop();
  for (const { server } of partners) server.close();
});

async function partnerTab(origin: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext(
    phone ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  await page.goto(origin);
  return page;
}

describe('a page of another origin calling the APIs from the browser', () => {
  it('reads /graphql (with its token) and /api/v1 from an allowed origin, clicked with the mouse', async () => {
    const page = await partnerTab(partners[0]!.origin, false);
    await page.getByRole('button', { name: 'Call Ruedas' }).click();
    await expect.poll(() => page.locator('#out').textContent()).toBe(`graphql 200 ${ADMIN.email} number | rest 200 true`);
    await page.context().close();
  });

  it('does the same when tapped on a phone', async () => {
    const page = await partnerTab(partners[0]!.origin, true);
    await page.getByRole('button', { name: 'Call Ruedas' }).tap();
    await expect.poll(() => page.locator('#out').textContent()).toBe(`graphql 200 ${ADMIN.email} number | rest 200 true`);
    await page.context().close();
  });

  it('is blocked by the browser on an origin that is not allowed', async () => {
    const page = await partnerTab(partners[1]!.origin, false);
    await page.getByRole('button', { name: 'Call Ruedas' }).click();
    await expect.poll(() => page.locator('#out').textContent()).toBe('blocked TypeError');
    await page.context().close();
  });
});
