/** The web package's version, injected by vite.config.ts. */
declare const __FRONTEND_VERSION__: string;

/** A part of a language's texts, cut from src/i18n/{es,en}.json at build (scripts/textsPlugin.ts). */
declare module '*.texts' {
  const texts: Record<string, unknown>;
  export default texts;
}
