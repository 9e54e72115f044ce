import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';

/** Issue 31's browser tests: the two sizes, pressing as each does, axe, and the screenshots for the closing note. */
export const SIZES = [
  { name: 'desktop, Spanish, mouse', width: 1280, height: 800, touch: false, language: 'es' },
  { name: 'phone, English, taps', width: 360, height: 740, touch: true, language: 'en' },
] as const;
export type Size = (typeof SIZES)[number];

/** A tap on a phone, a click on a desktop. */
export const press = (size: { touch: boolean }, target: Locator) => (size.touch ? target.tap() : target.click());

/** Where the screenshots go: RUEDAS_SHOTS, else the temp folder's ruedas-issue31. */
export const SHOTS = process.env.RUEDAS_SHOTS ?? join(tmpdir(), 'ruedas-issue31');

/** Saves a screenshot of the page as it is now under SHOTS (made when missing). */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
}

/** The serious and critical axe violations of the page as it is now, as "rule: targets" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * The fields under `scope` (a CSS selector) whose shown text does not fit: a select's chosen option,
 * an input's value or else its placeholder, measured in the field's own font against its width less
 * its padding (issue 31: "Cualquier provinc"). As "label: text" lines.
 */
export async function cutFields(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const field of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        `${selector} select, ${selector} input:not([type=checkbox]):not([type=hidden]):not([type=radio])`,
      ),
    )) {
      if (field.offsetParent === null) continue;
      const shown = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value || field.placeholder;
      const style = getComputedStyle(field);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(shown).width > room + 0.5) cut.push(`${field.labels?.[0]?.textContent ?? field.name}: ${shown}`);
    }
    return cut;
  }, scope);
}
