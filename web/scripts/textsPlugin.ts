import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pickTexts, publicKeys, webSources } from './textsSplit';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** `src/i18n/es.public.texts`: the Spanish texts the public pages use; `.rest.texts` all the others. */
const TEXTS_PART = /[\\/]i18n[\\/](es|en)\.(public|rest)\.texts$/;

/**
 * Makes each language's texts two modules (decision 0110), both cut from src/i18n/{es,en}.json (the
 * one source of the texts): `<language>.public.texts`, the keys the public pages' code names
 * (scripts/textsSplit.ts), and `<language>.rest.texts`, the others, loaded with a signed-in, seller
 * or admin screen or an on-demand part.
 */
export function textsParts(): Plugin {
  let keys: Set<string> | undefined;
  return {
    name: 'ruedas-texts-parts',
    enforce: 'pre',
    buildStart() {
      keys = undefined;
      for (const file of webSources(webRoot)) this.addWatchFile(file);
    },
    watchChange() {
      keys = undefined;
    },
    resolveId(source, importer) {
      if (!source.endsWith('.texts') || !importer) return null;
      const path = resolve(dirname(importer), source);
      return TEXTS_PART.test(path) ? path : null;
    },
    load(id) {
      const match = TEXTS_PART.exec(id);
      if (!match) return null;
      const [, language, part] = match;
      const source = join(webRoot, 'src', 'i18n', `${language}.json`);
      this.addWatchFile(source);
      const texts: unknown = JSON.parse(readFileSync(source, 'utf8'));
      // The split is the Spanish catalogue's; both catalogues have the same keys (test/catalogues.test.ts).
      keys ??= publicKeys(webRoot, JSON.parse(readFileSync(join(webRoot, 'src', 'i18n', 'es.json'), 'utf8')));
      const picked = pickTexts(texts, keys, part === 'public') ?? {};
      // JSON.parse of a string is faster to run than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
