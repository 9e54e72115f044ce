import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormattedExecutionResult } from 'graphql';
import { escapeHtml } from '@ruedas/domain';
import { localeFrom } from '@ruedas/platform';
import { appendVary, chooseEncoding } from './compress';
import { scriptLoader, splitScripts } from './deferredScripts';
import { gatewayContext, type GatewayContext } from './gateway';
import { addressIn, serveSitemaps } from './sitemaps';

export { addressIn, robotsTxt, STATIC_PUBLIC_PAGES } from './sitemaps';

/** The part of the web app's server entry (web/src/entry-server.tsx, built to web/dist-ssr) the gateway uses. */
interface PageHead {
  title: string;
  description?: string;
  status?: number;
  jsonLd?: object;
  noindex?: boolean;
}
interface SsrEntry {
  routeKind(pathname: string): 'public' | 'app' | 'unknown';
  /** The guess that a request comes from a phone (older server entries lack it). */
  looksLikePhone?(headers: FastifyRequest['headers']): boolean;
  PUBLIC_ROUTES: ReadonlyArray<{ path: string; module: string }>;
  render(options: {
    url: string;
    language: Language;
    origin: string;
    execute(request: { query: string; variables?: Record<string, unknown>; operationName?: string }): Promise<FormattedExecutionResult>;
    nonce: string;
    phone?: boolean;
    signal?: AbortSignal;
  }): Promise<{
    status: number;
    head: PageHead;
    priorityImage?: { src: string; srcSet?: string; sizes?: string };
    module: string;
    state: string;
    body: Readable;
  }>;
}

type Language = 'es' | 'en';
/** Runs one GraphQL operation for a page, as a visitor. */
type Executor = (operation: { query: string; variables?: Record<string, unknown>; operationName?: string }) => Promise<FormattedExecutionResult>;
/** A page's data must come within this; past it the page renders what it has. */
const RENDER_DATA_TIMEOUT_MS = 10_000;

export interface WebAppOptions {
  /** The built web app (web/dist). */
  dist: string;
  /** The gateway public pages read their data from (the same operations the browser sends). */
  gateway: ApolloServer<GatewayContext>;
  /** The built server entry; default `<dist>/../dist-ssr/entry-server.js`. Without it every page is rendered in the browser. */
  ssrEntry?: string;
  /** The site's address as visitors see it (canonical links, sitemap); default: the request's host. */
  publicUrl?: string;
  /** A TLS terminator is in front (RUEDAS_TLS): HTML answers carry Strict-Transport-Security. */
  hsts?: boolean;
  trustedProxyHops?: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The visitor's language: `?lang=`, then the language cookie the app writes (`ruedas.language`), then Accept-Language, then Spanish. */
export function pageLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked === 'es' || asked === 'en') return asked;
  const cookie = /(?:^|;\s*)ruedas\.language=(es|en)\b/.exec(request.headers.cookie ?? '')?.[1];
  if (cookie === 'es' || cookie === 'en') return cookie;
  return localeFrom(request.headers['accept-language']);
}

/** The Content-Security-Policy of an HTML page: scripts from the site only (inline ones need the page's nonce). */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://challenges.cloudflare.com`,
    // Mantine writes its CSS variables in a <style> element and components set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'frame-src https://challenges.cloudflare.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The marketplace's address when none is configured: the local machine, never the Host header a client sent (issue 28). */
const localOrigin = (request: FastifyRequest) => `${request.protocol}://localhost${request.socket.localPort ? `:${request.socket.localPort}` : ''}`;

/**
 * Serves the web app. Public pages (home, results, ad detail, seller pages, tips, privacy, contact)
 * are rendered on the server in the visitor's language and streamed; an unknown path gets the
 * not-found page with 404; the signed-in, seller and admin screens get the app's shell (rendered in
 * the browser, kept out of search engines). Hashed assets: a year-long immutable cache, brotli or
 * gzip copies made at build chosen by Accept-Encoding. Also /robots.txt and /sitemap.xml.
 * Decision 0018.
 */
export async function serveWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { dist } = options;
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`the web app is not built: ${join(dist, 'index.html')} is missing (run npm run build)`);
  }
  const ssrPath = options.ssrEntry ?? join(dist, '..', 'dist-ssr', 'entry-server.js');
  const ssr = existsSync(ssrPath) ? ((await import(pathToFileURL(ssrPath).href)) as SsrEntry) : null;
  if (!ssr) app.log.warn({ ssrPath }, 'the web app has no server entry: every page is rendered in the browser');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const template = htmlTemplate(readFileSync(join(dist, 'index.html'), 'utf8'));

  await serveAssets(app, dist);

  const originOf = (request: FastifyRequest) => (options.publicUrl ?? localOrigin(request)).replace(/\/$/, '');

  const execute = visitorExecutor(options.gateway);
  const pagePreloads = pagePreloader(manifest);

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!ssr) throw new Error('no server entry');
    const language = pageLanguage(request);
    const origin = originOf(request);
    const nonce = randomBytes(16).toString('base64');
    const signal = AbortSignal.timeout(RENDER_DATA_TIMEOUT_MS);
    // A phone gets the phone's layout in the HTML (nothing moves when the page goes live; decision 0102).
    const phone = ssr.looksLikePhone?.(request.headers) ?? false;
    const page = await ssr.render({ url: request.url, language, origin, execute: execute(request, language), nonce, phone, signal });
    // Joined, not resolved: a path such as //elsewhere.example/ stays a path of this site.
    const url = new URL(`${origin}${request.url}`);
    // The page's chunks and the texts of its language (a chunk per language, loaded by the entry).
    const pageFiles = pagePreloads(page.module);
    const texts = pagePreloads(`src/i18n/${language}.public.texts`);
    const head = headTags(page.head, url, language, nonce, page.status) + pageFiles.styles + texts.styles;
    reply.code(page.status);
    securityHeaders(reply, nonce, options.hsts);
    // A CDN in front may keep a public page a minute (per language); browsers ask again each time.
    reply.header('Cache-Control', page.status === 200 ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=300' : 'public, max-age=0, s-maxage=30');
    reply.header('Vary', 'Accept-Language, Cookie, Sec-CH-UA-Mobile');
    return sendHtml(request, reply, [
      template.start(language, nonce, head, imagePreload(page.priorityImage)),
      page.body,
      template.end(nonce, `<script type="application/json" id="ruedas-state" nonce="${nonce}">${page.state}</script>`, [
        ...pageFiles.scripts,
        ...texts.scripts,
      ]),
    ]);
  };

  /** The app's shell: the browser renders the page. `noindex` for the signed-in, seller and admin screens. */
  const sendShell = (request: FastifyRequest, reply: FastifyReply, noindex: boolean) => {
    const nonce = randomBytes(16).toString('base64');
    const language = pageLanguage(request);
    securityHeaders(reply, nonce, options.hsts);
    reply.header('Cache-Control', 'no-cache');
    if (noindex) reply.header('X-Robots-Tag', 'noindex');
    return sendHtml(request, reply, [template.shell(language, nonce, noindex)]);
  };

  serveSitemaps(app, originOf, execute);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isFile && !path.startsWith('/api/') && !path.startsWith('/graphql');
    if (!wantsPage) return reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${request.url}` });
    const kind = ssr?.routeKind(path) ?? 'public';
    // Without a server entry (a build without it, a test fixture) every page is the shell.
    if (!ssr) return sendShell(request, reply, false);
    if (kind === 'app') return sendShell(request, reply, true);
    try {
      return await renderPage(request, reply);
    } catch (error) {
      // The browser can still render the page itself.
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
      return sendShell(request, reply.code(kind === 'unknown' ? 404 : 200), kind === 'unknown');
    }
  });
}

/**
 * The main photo's preload, asked for before the scripts, which would otherwise take the bandwidth
 * first; with the img's srcset and sizes, so the browser preloads the very width the img will use.
 */
function imagePreload(image: { src: string; srcSet?: string; sizes?: string } | undefined): string {
  return image
    ? `<link rel="preload" as="image" fetchpriority="high" ` +
        `href="${escapeHtml(image.src)}"${image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"` : ''}>`
    : '';
}

/** Runs a page's operations through the gateway in process, as a visitor in the page's language. */
function visitorExecutor(gateway: ApolloServer<GatewayContext>) {
  return (request: FastifyRequest, language: Language): Executor =>
    async (operation) => {
      // As a visitor: the page is the same for everybody in that language (and a CDN may keep it).
      const contextValue = gatewayContext({ 'accept-language': language }, request.socket.remoteAddress, 0);
      const response = await gateway.executeOperation(
        {
          query: operation.query,
          ...(operation.variables ? { variables: operation.variables } : {}),
          ...(operation.operationName ? { operationName: operation.operationName } : {}),
        },
        { contextValue },
      );
      if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by the web app');
      return response.body.singleResult;
    };
}

/** The built files: hashed assets cached a year (immutable), the rest revalidated; brotli or gzip copies made at build. */
async function serveAssets(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The manifest is the build's, not the site's.
    allowedPath: (path) => !path.startsWith('/.vite'),
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(dist, 'assets')}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
}

/** The security headers of every HTML answer (HSTS when a TLS terminator is in front). */
function securityHeaders(reply: FastifyReply, nonce: string, hsts: boolean | undefined): void {
  reply.header('Content-Security-Policy', contentSecurityPolicy(nonce));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  if (hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/** Streams an HTML answer made of strings and streams, compressed as Accept-Encoding asks. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, parts: Array<string | Readable>) {
  reply.type('text/html; charset=utf-8');
  reply.header('Vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const out = new PassThrough();
  void (async () => {
    try {
      for (const part of parts) {
        if (typeof part === 'string') out.write(part);
        else for await (const chunk of part) out.write(chunk);
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  if (!encoding) return reply.send(out);
  reply.header('Content-Encoding', encoding);
  const compressor = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
  return reply.send(out.pipe(compressor));
}

/** The stylesheets and scripts of a page module: the chunks and styles it adds to the entry's (the entry's own are in index.html). */
function pagePreloader(manifest: Record<string, ManifestChunk>): (module: string) => { styles: string; scripts: string[] } {
  const entryFiles = new Set<string>();
  const entryKey = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (entryKey) closure(manifest, entryKey, entryFiles);
  const pageLinks = new Map<string, { styles: string; scripts: string[] }>();
  return (module: string) => {
    let links = pageLinks.get(module);
    if (links === undefined) {
      const files = [...closure(manifest, module, new Set())].filter((file) => !entryFiles.has(file));
      links = {
        styles: files
          .filter((file) => file.endsWith('.css'))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
          .join(''),
        scripts: files.filter((file) => !file.endsWith('.css')).map((file) => `/${file}`),
      };
      pageLinks.set(module, links);
    }
    return links;
  };
}

function closure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * index.html cut around #root, its title and description removed (each page writes its own); and as
 * the app's shell. A server-rendered page's scripts load at the page's `load` (deferredScripts.ts).
 */
function htmlTemplate(html: string) {
  const withNonce = (text: string, nonce: string) => text.replace(/<script /g, `<script nonce="${nonce}" `);
  const cleaned = html.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  const [whole = '', after = ''] = cleaned.split(/<div id="root">[\s\S]*?<\/div>/);
  const { head: before, entry, preloads } = splitScripts(whole);
  return {
    shell: (language: Language, nonce: string, noindex: boolean) =>
      withNonce(html, nonce)
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        .replace('</head>', noindex ? '<meta name="robots" content="noindex"></head>' : '</head>'),
    // The main photo's preload ahead of the styles.
    start: (language: Language, nonce: string, head: string, early = '') =>
      withNonce(
        /<link rel="stylesheet"/.test(before)
          ? before.replace(/<link rel="stylesheet"/, `${early}<link rel="stylesheet"`)
          : before.replace('</head>', `${early}</head>`),
        nonce,
      )
        .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-mantine-color-scheme="light"`)
        .replace('</head>', `${head}</head>`) + '<div id="root">',
    end: (nonce: string, state: string, pageScripts: readonly string[] = []) =>
      `</div>${state}${entry ? scriptLoader(entry, [...preloads, ...pageScripts], nonce) : ''}${after.replace(/<script /g, `<script nonce="${nonce}" `)}`,
  };
}

function headTags(head: PageHead, url: URL, language: Language, nonce: string, status: number): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.noindex || status >= 400) tags.push('<meta name="robots" content="noindex">');
  else {
    tags.push(`<link rel="canonical" href="${escapeHtml(addressIn(url, language))}">`);
    for (const alternate of ['es', 'en'] as const) tags.push(`<link rel="alternate" hreflang="${alternate}" href="${escapeHtml(addressIn(url, alternate))}">`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(url, 'es'))}">`);
  }
  tags.push(`<meta property="og:title" content="${escapeHtml(head.title)}">`);
  if (head.description) tags.push(`<meta property="og:description" content="${escapeHtml(head.description)}">`);
  if (head.jsonLd) tags.push(`<script type="application/ld+json" nonce="${nonce}">${scriptJson(head.jsonLd)}</script>`);
  return tags.join('');
}
