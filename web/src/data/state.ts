import type { Answers } from './answers';
import type { Language } from '../i18n/language';

/** The id of the non-executed JSON script the server writes the page's state into. */
export const STATE_ELEMENT_ID = 'ruedas-state';

/** What a server-rendered page hands to the browser to hydrate from. */
export interface ServerState {
  language: Language;
  origin: string;
  /** The server rendered the phone's layout (its guess from the request; see useNarrowScreen). */
  phone?: boolean;
  /** The answers of the queries the page was rendered from (decision 0136). */
  answers: Answers;
}

let cached: ServerState | null | undefined;

/** The state of the server-rendered page this document is, or null (a page the browser renders itself). */
export function serverState(): ServerState | null {
  if (cached !== undefined) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(STATE_ELEMENT_ID);
  cached = element?.textContent ? (JSON.parse(element.textContent) as ServerState) : null;
  return cached;
}

/**
 * The state as JSON safe inside a <script> element: `<`, `>`, `&` and the two line separators are
 * escaped, so no text of an ad can close the element.
 */
export function stateJson(state: ServerState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
