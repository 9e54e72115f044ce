import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, and `index.html` (never
 * cached) for every other GET of a page path (not a file, not an API), so the app's own routes work
 * on reload.
 */
export async function serveWebApp(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`the web app is not built: ${join(dist, 'index.html')} is missing (run npm run build)`);
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(dist, 'assets')}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    const wantsPage = request.method === 'GET' && !isFile && !path.startsWith('/api/') && !path.startsWith('/graphql');
    if (!wantsPage) return reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${request.url}` });
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html', { cacheControl: false });
  });
}
