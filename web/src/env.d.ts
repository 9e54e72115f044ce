/** The web package's version, injected by vite.config.ts. */
declare const __FRONTEND_VERSION__: string;
