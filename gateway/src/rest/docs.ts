import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appendVary, chooseEncoding, compressBody } from '../compress';

/**
 * `/api/v1/docs`: the OpenAPI document as a readable reference page, drawn by Redoc's standalone
 * bundle from the `redoc` package, served from here (no CDN: decision 0074). The page has no inline
 * script; its policy allows the site's own scripts, Redoc's inline styles and its search worker.
 */
const bundlePath = join(dirname(createRequire(import.meta.url).resolve('redoc')), 'redoc.standalone.js');
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/** The bundle as read, and compressed once per encoding (it is about 1 MB): not at every request. */
const bundles = new Map<string, Promise<Buffer>>();
function bundle(encoding: 'br' | 'gzip' | null): Promise<Buffer> {
  const key = encoding ?? 'identity';
  let found = bundles.get(key);
  if (!found) {
    // The only address of another host the bundle loads is its attribution's logo: an empty image instead.
    const raw = Buffer.from(readFileSync(bundlePath, 'utf8').replaceAll(CDN_LOGO, 'data:,'));
    found = encoding ? compressBody(raw, encoding) : Promise.resolve(raw);
    bundles.set(key, found);
  }
  return found;
}

export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = (prefix: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Ruedas REST API (/api/v1)</title>
<link rel="icon" href="data:,">
</head>
<body>
<redoc spec-url="${prefix}/openapi.json" hide-download-button="false" native-scrollbars="true"></redoc>
<script src="${prefix}/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** Mounts the reference page and its script inside the facade's scope (`prefix` is its path). */
export function registerDocs(api: FastifyInstance, prefix: string): void {
  const html = page(prefix);
  api.get('/docs', async (_request, reply) =>
    reply.header('Content-Security-Policy', DOCS_POLICY).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
  api.get('/docs/redoc.standalone.js', async (request, reply) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = await bundle(encoding);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'))
      .header('Cache-Control', 'public, max-age=86400')
      .type('text/javascript; charset=utf-8')
      .send(body);
  });
}
