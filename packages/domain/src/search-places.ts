import { PROVINCES } from './reference/locations';
import type { Token } from './search-quantities';
import { matchesWithTypos } from './search-typos';
import { searchWords } from './search-vocabulary';

/**
 * Places in a free-text search (issue 27): Costa Rica's 7 provinces and 84 cantons by name, with or
 * without accents ("San José", "san jose", "Limon"), words split or joined ("sanjose"), a word of 5
 * letters or more within the search's typo rule ("guanacate"). A canton named as its province
 * ("Heredia", "Alajuela") is read as the province, the wider of the two.
 */

export interface PlaceMatch {
  province: string;
  canton?: string;
  /** The place's name (San José). */
  name: string;
  /** The token after it. */
  end: number;
}

interface Place {
  province: string;
  canton?: string;
  name: string;
  words: string[];
}

let places: { byLength: Map<number, Place[]>; byCompact: Map<string, Place>; longest: number } | undefined;

function placeIndex() {
  if (!places) {
    const all: Place[] = [];
    for (const province of PROVINCES) {
      all.push({ province: province.code, name: province.name, words: searchWords(province.name) });
      for (const canton of province.cantons) {
        if (searchWords(canton.name).join(' ') === searchWords(province.name).join(' ')) continue;
        all.push({ province: province.code, canton: canton.code, name: canton.name, words: searchWords(canton.name) });
      }
    }
    const byLength = new Map<number, Place[]>();
    const byCompact = new Map<string, Place>();
    for (const place of all) {
      byLength.set(place.words.length, [...(byLength.get(place.words.length) ?? []), place]);
      if (!byCompact.has(place.words.join(''))) byCompact.set(place.words.join(''), place);
    }
    places = { byLength, byCompact, longest: Math.max(...all.map((place) => place.words.length)) };
  }
  return places;
}

/** Short place names are matched exactly ("Osa", "Mora", "Dota"); from 5 letters, with the typo rule. */
const wordMatches = (typed: string, known: string) => typed === known || (typed.length >= 5 && matchesWithTypos(typed, known));

/** The place named at token `index` (the longest name there), if any. */
export function readPlace(tokens: readonly Token[], index: number): PlaceMatch | undefined {
  const { byLength, byCompact, longest } = placeIndex();
  for (let length = Math.min(longest, tokens.length - index); length >= 1; length--) {
    const typed = tokens.slice(index, index + length).map((token) => token.word);
    const exact = (byLength.get(length) ?? []).find((place) => place.words.every((word, k) => word === typed[k]));
    const close = exact ?? (byLength.get(length) ?? []).find((place) => place.words.every((word, k) => wordMatches(typed[k] as string, word)));
    const joined = close ?? byCompact.get(typed.join(''));
    if (joined) return { province: joined.province, ...(joined.canton ? { canton: joined.canton } : {}), name: joined.name, end: index + length };
  }
  return undefined;
}
