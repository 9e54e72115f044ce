import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launchChromium, startServer, type DemoManifest, type RunningServer } from './harness';

/** The server, browser and device helpers of friction.test.ts (issue 13's web-side friction). */
export const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '60' };

let server: RunningServer | undefined;
let browser: Browser | undefined;
let demo: DemoManifest | undefined;

/** Starts the server with the demo catalogue and a Chromium (the test file's beforeAll). */
export async function startFriction(): Promise<void> {
  server = await startServer(DEMO);
  browser = await launchChromium();
  demo = await server.demo();
}

export async function stopFriction(): Promise<void> {
  await browser?.close();
  await server?.stop();
}

export function running() {
  if (!server || !browser || !demo) throw new Error('The server, the browser or the demo catalogue did not start');
  return { server, browser, demo };
}

export type Device = 'desktop' | 'phone';
export const DEVICES: Device[] = ['desktop', 'phone'];

/** A fresh context at the device's size (a phone has touch), in `locale`, on `path`. */
export async function open(path: string, device: Device, locale = 'es-CR'): Promise<Page> {
  const phone = device === 'phone';
  const context = await running().browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    hasTouch: phone,
    isMobile: phone,
    locale,
  });
  const page = await context.newPage();
  await page.goto(`${running().server.baseUrl}${path}`);
  // Used once hydrated: a tap before that reaches server HTML that nothing listens to yet.
  await hydrated(page);
  return page;
}

/** A mouse click on desktop, a tap on a phone. */
export async function press(page: Page, locator: ReturnType<Page['locator']>, device: Device): Promise<void> {
  if (device === 'phone') await locator.tap();
  else await locator.click();
}

/** A finger swipe from `fromX` to `toX` at height `y` (touch events, as a phone sends them). */
export async function swipe(page: Page, fromX: number, toX: number, y: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let step = 1; step <= 6; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export const shot = (name: string) => join(tmpdir(), `ruedas-i13-${name}.png`);

/** A public ad with at least `photos` photos. */
export async function publicAdWithPhotos(photos: number): Promise<{ id: string; attachmentIds: string[] }> {
  const { server, demo } = running();
  for (const ad of demo.ads.filter((candidate) => candidate.status === 'PUBLIC_ONLINE')) {
    const { opportunity } = await server.graphql<{ opportunity: { id: string; attachmentIds: string[] } }>(
      'query($id: ID!) { opportunity(id: $id) { id attachmentIds } }',
      { id: ad.id },
    );
    if (opportunity.attachmentIds.length >= photos) return opportunity;
  }
  throw new Error(`No public demo ad has ${photos} photos`);
}

/**
 * The contrast ratio (WCAG) of each element's text colour against the first opaque background
 * behind it (its own or an ancestor's), and whether its centre is really on top (not clipped or covered).
 */
export async function legibility(page: Page, selector: string): Promise<{ text: string; ratio: number; onTop: boolean }[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const rgba = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number) as number[];
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    return elements.map((element) => {
      let background: number[] | null = null;
      for (let node: Element | null = element; node && !background; node = node.parentElement) {
        const colour = rgba(getComputedStyle(node).backgroundColor);
        if (colour.length >= 3 && (colour[3] ?? 1) > 0.9) background = colour;
      }
      const [light, dark] = [luminance(rgba(getComputedStyle(element).color)), luminance(background ?? [255, 255, 255])].sort((a, b) => b - a) as [
        number,
        number,
      ];
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return {
        text: element.textContent ?? '',
        ratio: (light + 0.05) / (dark + 0.05),
        onTop: hit !== null && (element.contains(hit) || hit.contains(element)),
      };
    });
  });
}
