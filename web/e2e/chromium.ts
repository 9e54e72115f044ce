import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-options';

/**
 * Global setup of the browser tests: one headless Chromium for the whole run, which every test file
 * connects to (`launchChromium` in harness.ts) instead of launching its own. A file still gets a
 * browser of its own to close: its connection, whose contexts go when it closes (a connected
 * browser's `close()` disconnects). Each page is in a fresh context, so files share no storage.
 */
export default async function shareChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address (e2e/chromium.ts), for `chromium.connect`. */
    chromiumEndpoint: string;
  }
}
