import { describe, expect, it } from 'vitest';
import { loadTurnstile, TURNSTILE_SCRIPT_URL, type TurnstileApi, type TurnstileHost } from '../src/account/turnstile';

interface FakeScript {
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
}

/** A page whose <head> only records the scripts appended to it. */
function fakeHost() {
  const scripts: FakeScript[] = [];
  const document = {
    createElement: (): FakeScript => ({ src: '', async: false, onload: null, onerror: null }),
    head: { append: (script: FakeScript) => void scripts.push(script) },
  };
  const host: TurnstileHost = { window: {}, document: document as unknown as TurnstileHost['document'] };
  return { scripts, host };
}

const api: TurnstileApi = { render: () => 'w1', reset: () => undefined, remove: () => undefined };

describe('loading Turnstile', () => {
  it('forgets a failed load, then appends the explicit-render script once however many widgets ask', async () => {
    const failing = fakeHost();
    const first = loadTurnstile(failing.host);
    failing.scripts[0]!.onerror!();
    await expect(first).rejects.toThrow(/could not be loaded/);

    const page = fakeHost();
    const loads = [loadTurnstile(page.host), loadTurnstile(page.host)];
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.src).toBe(TURNSTILE_SCRIPT_URL);
    expect(TURNSTILE_SCRIPT_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
    page.host.window.turnstile = api;
    page.scripts[0]!.onload!();
    expect(await Promise.all(loads)).toEqual([api, api]);
    expect(await loadTurnstile(page.host)).toBe(api);
    expect(page.scripts).toHaveLength(1);
  });
});
