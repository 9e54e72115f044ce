import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The explorer page's Content-Security-Policy: its own bundled scripts only, calls to this origin only. */
export const EXPLORER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // GraphiQL sets style attributes (panes, resizers).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const EXPLORER_PATH = /^\/explorer(?:\/|\/index\.html)?$/;

/**
 * The GraphQL explorer (GraphiQL, built by the web app into `<dist>/explorer`, decision 0067) at
 * /explorer, in development only (where introspection is on); a browser's GET of /graphql (an HTML
 * page asked for, no operation in the address) is sent there. Elsewhere /explorer answers 404.
 */
export function serveExplorer(app: FastifyInstance, options: { dist: string; enabled: boolean }): void {
  const page = join(options.dist, 'explorer', 'index.html');
  app.addHook('onRequest', async (request, reply) => {
    const [path = '', search = ''] = request.url.split('?');
    if (path === '/explorer' || path.startsWith('/explorer/')) {
      if (!options.enabled || !existsSync(page)) return reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${request.url}` });
      if (!EXPLORER_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      reply.header('Content-Security-Policy', EXPLORER_CSP);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('X-Frame-Options', 'DENY');
      reply.header('X-Robots-Tag', 'noindex');
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(readFileSync(page));
    }
    const asksForPage = request.method === 'GET' && path === '/graphql' && /text\/html/.test(request.headers.accept ?? '');
    if (options.enabled && asksForPage && !/(?:^|&)(?:query|extensions)=/.test(search) && existsSync(page)) return reply.redirect('/explorer/', 302);
  });
}
