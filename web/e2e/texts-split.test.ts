/**
 * The public pages' texts (decision 0110): the keys scripts/textsSplit.ts cuts from src/i18n/{es,en}.json
 * for the public pages hold every key their code hands to t(). No browser: it reads the sources.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leafKeys, pickTexts, publicKeys, publicModules } from '../scripts/textsSplit';
import { DEALER_FORM_TEXT } from '../src/account/dealerFormText';
import { alertMessages } from '../src/alerts/messages';
import en from '../src/i18n/en.json';
import es from '../src/i18n/es.json';
import { createTranslator, type Texts } from '../src/i18n/translator';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const modules = publicModules(webRoot);
const keys = publicKeys(webRoot, es);

/** The literal keys a module hands to t(): t('a.b'), t("a.b"), and both of t(x ? 'a' : 'b'). */
function literalKeys(module: string): string[] {
  const source = readFileSync(`${webRoot}/${module}`, 'utf8');
  return [...source.matchAll(/\bt\(\s*(?:[\w.!?]+\s*\?\s*)?'([\w.]+)'(?:\s*:\s*'([\w.]+)')?/g)].flatMap((match) => match.slice(1).filter(Boolean) as string[]);
}

describe('the public texts (decision 0110)', () => {
  it('are those of the modules the entry and the public pages reach, not the screens and parts behind lazyPage and lazyPart', () => {
    expect([...modules.keys()]).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/layout/Header.tsx',
        'src/pages/HomePage.tsx',
        'src/pages/catalogue/OpportunityPage.tsx',
        'src/catalogue/AdCard.tsx',
      ]),
    );
    const behindBoundaries = [
      'src/pages/admin/DashboardPage.tsx',
      'src/pages/publish/OpportunityRegisterPage.tsx',
      'src/pages/account/EditProfilePage.tsx',
      'src/publish/AdWizard.tsx',
      'src/layout/ProfileMenu.tsx',
      'src/catalogue/ReportAdDialog.tsx',
    ];
    for (const module of behindBoundaries) expect(modules.has(module), module).toBe(false);
  });

  it('hold every key a public module hands to t(), in both languages', () => {
    const used = [...modules.keys()].flatMap(literalKeys);
    expect(used.length).toBeGreaterThan(150);
    for (const [language, texts] of Object.entries({ es, en })) {
      const onlyPublic = createTranslator({ language, texts: { [language]: pickTexts(texts, keys, true) as Texts } });
      // The texts a component adds itself (the alert dialogs, the dealer's form).
      const lang = language as 'es' | 'en';
      onlyPublic.addTexts(language, { alerts: alertMessages[lang], dealer: { form: DEALER_FORM_TEXT[lang] } }, false);
      const untranslated = used.filter((key) => onlyPublic.t(key, { count: 2 }) === key);
      expect(untranslated, language).toEqual([]);
    }
  });

  it('hold the keys a public module makes from a template (the ad spec fields, the tips, the safety tips)', () => {
    for (const key of ['catalogue.fields.mileage', 'safety.tips.0', 'privacy.sections.data.title', 'search.sorts.NEWEST', 'catalogue.tips.buying.1.title']) {
      expect(leafKeys(es).includes(key) ? keys.has(key) : 'not a key of es.json', key).toBe(true);
    }
  });

  it('leave the signed-in, publishing and admin texts out, and put each key in exactly one part', () => {
    const screens = ['usersAdmin.list.title', 'reports.dashboard.title', 'publish.step1.car', 'editProfile.title', 'register.title', 'admin.parameters.title'];
    for (const key of screens) expect(leafKeys(es).includes(key) && !keys.has(key), key).toBe(true);
    const all = leafKeys(es);
    const publicPart = leafKeys(pickTexts(es, keys, true));
    const rest = leafKeys(pickTexts(es, keys, false));
    expect(publicPart.length).toBeLessThan(all.length * 0.6);
    expect([...publicPart, ...rest].sort()).toEqual([...all].sort());
  });
});
