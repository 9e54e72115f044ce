import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './harness';

// The REST reference page a legacy client's developer reads: /api/v1/docs, drawn by the bundled
// Redoc from the served OpenAPI document, with nothing fetched from another host and nothing the
// page's policy refuses. (The document is in English, as the API's names are.)

const running = serverAndBrowser();

async function openDocs(width: number, height: number, hasTouch = false) {
  const { server, browser } = running();
  const context = await browser.newContext({ viewport: { width, height }, hasTouch, isMobile: hasTouch });
  const page = await context.newPage();
  const foreign: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.baseUrl) && !/^(data|blob):/.test(request.url())) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${server.baseUrl}/api/v1/docs`);
  await page.getByRole('heading', { name: /Ruedas REST API \(legacy clients\)/ }).waitFor();
  return { page, foreign, refused };
}

/** A menu entry: a tag, or an operation by its summary. */
const entry = (page: Page, name: string | RegExp) => page.getByRole('menuitem', { name }).first();

describe('the REST reference page /api/v1/docs', () => {
  it('reads the document; clicks on the menu open an operation with its request body and error answers (1280×800)', async () => {
    const { page, foreign, refused } = await openDocs(1280, 800);
    await entry(page, 'users').click();
    await entry(page, "Update one's own profile").click();
    await expect.poll(() => page.url()).toMatch(/#tag\/users\/operation\/putUsersProtectedUpdateMyProfile$/);
    const section = page.locator('[id="tag/users/operation/putUsersProtectedUpdateMyProfile"]');
    await expect.poll(() => section.getByText('truthDeclaration').first().isVisible()).toBe(true);
    for (const status of ['200', '400', '401', '403', '409', '503']) {
      expect(await section.getByRole('button', { name: new RegExp(`^${status}\\b`) }).count(), status).toBeGreaterThan(0);
    }
    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('is readable on a phone: taps open the menu and an operation (360×740)', async () => {
    const { page, foreign, refused } = await openDocs(360, 740, true);
    // Redoc's round menu button, bottom right on narrow screens.
    await page.locator('div:has(> div > svg[viewBox="0 0 926.23699 573.74994"])').last().tap();
    await entry(page, 'users').tap();
    await entry(page, /^Every user, for administrators/).tap();
    await expect.poll(() => page.url()).toMatch(/#tag\/users\/operation\/getUsersProtectedAll$/);
    await expect
      .poll(() => page.locator('[id="tag/users/operation/getUsersProtectedAll"]').getByText('filter', { exact: true }).first().isVisible())
      .toBe(true);
    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
