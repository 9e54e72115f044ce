/**
 * A server-rendered page's scripts wait for the page's `load` (its styles and its main photo):
 * on a phone's slow connection the photo and the styles get the bandwidth first and the page is
 * painted before about 250 KB of JavaScript arrives; the page is readable and its links work before
 * it is hydrated. The module entry and the modulepreload links Vite writes into index.html's head
 * are taken out; a small inline module (with the page's CSP nonce) adds the preloads and imports the
 * entry at `load` once the next frame is painted, or after `LOAD_WAIT_MS` if a photo holds `load` back.
 * Decisions 0103, 0229.
 */

/** The longest a page waits for `load` before it loads its scripts anyway. */
export const LOAD_WAIT_MS = 3000;
/**
 * After `load`, the scripts wait for the next frame to be painted (the main photo, loaded, is in it), or
 * this long if no frame comes (a tab in the background): their evaluation and hydration, long tasks on
 * a slow phone, would otherwise hold back the photo's paint (the "element render delay" of issue 31).
 */
export const PAINT_WAIT_MS = 100;

export interface SplitHead {
  /** The head without the entry's script and modulepreload links. */
  head: string;
  /** The entry module's path (`/assets/index-….js`), or null when the head has none. */
  entry: string | null;
  /** The modulepreload paths of the head, in order. */
  preloads: string[];
}

const SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/** Takes the module entry and its preloads out of index.html's head. */
export function splitScripts(head: string): SplitHead {
  const entry = SCRIPT.exec(head)?.[1] ?? null;
  const preloads = [...head.matchAll(PRELOAD)].map((match) => match[1]!);
  return { head: head.replace(SCRIPT, '').replace(PRELOAD, ''), entry, preloads };
}

/** The inline module that loads the page's scripts at `load` (JSON-escaped paths, the page's nonce). */
export function scriptLoader(entry: string, preloads: readonly string[], nonce: string): string {
  const paths = JSON.stringify(preloads).replace(/</g, '\\u003c');
  const code =
    `let s=0;const go=()=>{if(s)return;s=1;const f=document.createDocumentFragment();for(const h of ${paths}){const l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=h;f.append(l)}document.head.append(f);import(${JSON.stringify(entry).replace(/</g, '\\u003c')})};` +
    `const painted=()=>{requestAnimationFrame(()=>setTimeout(go));setTimeout(go,${PAINT_WAIT_MS})};` +
    `if(document.readyState==='complete')painted();else{addEventListener('load',painted,{once:true});setTimeout(go,${LOAD_WAIT_MS})}`;
  return `<script type="module" nonce="${nonce}">${code}</script>`;
}
