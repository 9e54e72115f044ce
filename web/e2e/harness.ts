/**
 * The browser tests' one set of helpers: `startServer` (the all-in-one server, with `graphql`,
 * `login` and `demo()` on it), `launchChromium`, `serverAndBrowser` (both for a whole file),
 * `openPage` (a fresh context, 1280 × 900, es-CR unless told), `signIn` / `signedIn` (the Spanish
 * sign-in form, waiting for the signed-in header) and `payWith` (billing's sandbox checkout).
 * A test file keeps its own helper only where it differs on purpose (e.g. accounts' sign-in, which
 * must also see refused logins).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-options';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The built web app: web/dist, or RUEDAS_E2E_WEB_DIST (a private build: `npx vite build --outDir <dir>` in web). */
const webDist = process.env.RUEDAS_E2E_WEB_DIST ?? join(repoRoot, 'web', 'dist');
/**
 * Under the hooks' 240 s (vitest.e2e.config.ts): a file's server may seed 120 ads while the other
 * worker's file runs beside it on a loaded machine (a start that takes 13 s on a quiet one).
 */
const READY_TIMEOUT_MS = 220_000;
/** infra's launcher compiled into one module (`npm run build -w @ruedas/infra`): a start spends no second in tsx's loader. */
export const launcher = join(repoRoot, 'infra', 'dist', 'main.mjs');

/** A user's sign-in credentials. */
export interface Account {
  email: string;
  password: string;
}

/**
 * `demo.json` as the tests read it: the part of infra's DemoManifest (infra/src/demo/seed.ts) they use.
 * Written here rather than imported, so that type-checking the browser tests does not compile every service.
 */
export interface DemoManifest {
  credentials: Record<'admin' | 'seller', Account>;
  /** The account ids of the demo admin and seller, and how many sellers the demo has. */
  accounts: { admin: string; seller: string; sellers: number };
  ads: { id: string; sellerId: string; sellerEmail: string; status: string; level: string; brand: string; model: string; year: number }[];
}

export interface RunningServer {
  baseUrl: string;
  /** The server's RUEDAS_DATA_DIR (mails are in its `mail` folder). */
  dataDir: string;
  /** Sends a GraphQL operation to /graphql (as `token`'s user when given); throws with the errors when refused. */
  graphql<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T>;
  /** Logs `account` in through the `login` mutation; its session token. */
  login(account: Account): Promise<string>;
  /** The demo catalogue's manifest, `demo.json` in `dataDir` (a server started with `{ RUEDAS_DEMO_DATA: 'on' }`). */
  demo(): Promise<DemoManifest>;
  stop(): Promise<void>;
}

async function graphqlAt<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`GraphQL refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * A port nobody listens on right now, in this test worker's own range below the system's ephemeral
 * ports (from 32768): two files that run at once never pick the same one, and no client socket or
 * other program's "any free port" takes it between the probe and the server's listen.
 */
async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const base = 20_000 + ((worker - 1) % 4) * 3_000;
  for (let tries = 0; tries < 50; tries += 1) {
    const port = base + Math.floor(Math.random() * 3_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => probe.once('error', () => resolve(false)).listen(port, '127.0.0.1', () => resolve(true)));
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
  throw new Error(`Could not pick a free port from ${base}`);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export interface ServerOptions {
  /** Start on this data folder (a restart over the data of a previous server) instead of a fresh one. */
  dataDir?: string;
  /** Leave the data folder in place on stop (to start another server on it); removed otherwise. */
  keepDataDir?: boolean;
}

/**
 * Starts the all-in-one server (infra's compiled launcher, built from the source by the browser
 * tests' global setup: `e2e/launcher.ts`) on a free port with a fresh data folder (or
 * `options.dataDir`), serving the built web app, and waits until /ready answers 200. `settings` adds
 * environment variables (e.g. RUEDAS_CLOCK_OFFSET_DAYS for a clock moved ahead).
 * The demo catalogue is off unless asked for with `{ RUEDAS_DEMO_DATA: 'on' }` (then `demo.json` in
 * `dataDir`, read by `demo()`, lists the seeded ads; the credentials are DEMO_CREDENTIALS of @ruedas/infra).
 */
export async function startServer(settings: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npm run build -w @ruedas/web\` first`);
  }
  if (!existsSync(launcher)) throw new Error(`No compiled launcher at ${launcher}: the browser tests' global setup (e2e/launcher.ts) builds it`);
  const port = await freePort();
  const photoCache = inject('demoPhotoCache');
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ruedas-e2e-')));
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--enable-source-maps', launcher], {
    cwd: repoRoot,
    // The public address is the one the browser opens (not the launcher's default http://localhost:PORT):
    // addresses the server hands out (payment return, mail links) must keep the page on the origin
    // whose local storage holds the session.
    env: {
      ...process.env,
      RUEDAS_DEMO_DATA: 'off',
      // The run's rendered demo photos (e2e/launcher.ts): the same photos as drawn, each rendered once.
      ...(photoCache ? { RUEDAS_DEMO_PHOTO_CACHE: photoCache } : {}),
      RUEDAS_PUBLIC_URL: baseUrl,
      ...settings,
      PORT: String(port),
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) {
      const graphql = <T>(query: string, variables?: Record<string, unknown>, token?: string) => graphqlAt<T>(baseUrl, query, variables, token);
      const login = async (account: Account) =>
        (
          await graphql<{ login: { token: string } }>('mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }', {
            email: account.email,
            password: account.password,
          })
        ).login.token;
      const demo = async () => JSON.parse(await readFile(join(dataDir, 'demo.json'), 'utf8')) as DemoManifest;
      return { baseUrl, dataDir, graphql, login, demo, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

/**
 * Debian's Chromium, headless: a connection to the run's shared Chromium (started by the global
 * setup, e2e/chromium.ts), or a Chromium of its own when there is none. Either way `close()` ends
 * what the caller made: its own browser, or its connection and the contexts opened over it.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** What `openPage` opens a page with. */
export interface Started {
  server: RunningServer;
  browser: Browser;
}

export interface PageOptions {
  /** The viewport: 1280 × 900 unless told. */
  width?: number;
  height?: number;
  /** The browser's preferred locale: es-CR (Spanish) unless told. */
  locale?: string;
  /** The context's default timeout for actions and waits, in ms (playwright's 30 s unless told). */
  timeout?: number;
  /** A phone's touch screen (taps, a mobile viewport): a desktop with a mouse unless told. */
  touch?: boolean;
}

/** A page in a fresh browser context (empty storage), opened on `path` of the server. */
export async function openPage({ server, browser }: Started, path: string, options: PageOptions = {}): Promise<Page> {
  const { width = 1280, height = 900, locale = 'es-CR', timeout, touch = false } = options;
  const context = await browser.newContext({ viewport: { width, height }, locale, hasTouch: touch, isMobile: touch });
  if (timeout !== undefined) context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
  return page;
}

/**
 * Waits until the page is live: hydrated when the server rendered it, or rendered by the browser
 * (the page's own effect marks the document). A click before that reaches server HTML that nothing
 * listens to yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-page="ready"]').waitFor({ state: 'attached' });
}

/** Fills the Spanish sign-in form on `page` with `account`, sends it and waits for the signed-in header ('Mi cuenta'). */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('button', { name: 'Mi cuenta' }).waitFor();
}

/** A fresh browser context on /signin, signed in as `account` (see `signIn`). */
export async function signedIn(started: Started, account: Account, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(started, '/signin', options);
  await signIn(page, account);
  return page;
}

/** The documented test cards of billing's sandbox checkout. */
export const SANDBOX_CARDS = { approve: '4242 4242 4242 4242', decline: '4000 0000 0000 0002' } as const;

/** On billing's sandbox checkout page (waits for it): pays with `card` and sends the form; the page then returns to the app. */
export async function payWith(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/sandbox-pay\//);
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByLabel('Vencimiento (MM/AA)').fill('12/39');
  await page.getByLabel('Código de seguridad (CVC)').fill('123');
  await page.getByLabel('Nombre en la tarjeta').fill('Ana Mora');
  await page.getByRole('button', { name: /^Pagar/ }).click();
}

/**
 * For a test file that needs only a server and a browser: starts both before its tests (the server
 * with `settings`) and stops them after. The answer hands them to a test, and throws if they did not start.
 */
export function serverAndBrowser(settings: Record<string, string> = {}): () => Started {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(settings);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return () => {
    if (!server || !browser) throw new Error('The server or the browser did not start');
    return { server, browser };
  };
}

/**
 * Holds back the page chunk named `chunk` (e.g. 'HomePage', the file `assets/HomePage-<hash>.js`) for
 * every page of `target`, as a slow network would, until the returned `release` is called: what a
 * visitor does in the server's HTML meanwhile happens before that part of the page is live. `release`
 * waits up to 10 s for the chunk to be asked for (a loaded machine may not have started the page's code
 * yet when the visitor is done), and fails if it never is: then nothing was held.
 */
export async function holdChunk(target: Page | BrowserContext, chunk: string): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await target.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route) => {
    markAsked();
    await held;
    await route.continue();
  });
  return async () => {
    const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 10_000));
    if ((await Promise.race([asked, timeout])) === 'late') throw new Error(`the ${chunk} chunk was never asked for: nothing was held`);
    release();
  };
}
