import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|graphql-response\+json|xml|ld\+json)|text\/)/;

/** The encoding to answer in: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

export async function compressBody(body: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(body, { level: 6 });
}

/**
 * Compresses the gateway's text answers (GraphQL and REST JSON, HTML, XML) by `Accept-Encoding`
 * with `@fastify/compress` (decision 0196): brotli (quality 5) or gzip (level 6), from 1 KiB.
 * Answers already encoded (the server-rendered pages, the precompressed static files) and other
 * types (photos) pass as they are; request bodies are not decompressed (no API takes them so).
 * The plugin hooks the routes registered after it: mount it before the routes it serves.
 */
export function compressTextAnswers(app: FastifyInstance): void {
  void app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: MIN_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}

export function appendVary(current: unknown, name: string): string {
  const names = String(current ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.some((part) => part.toLowerCase() === name.toLowerCase()) ? names.join(', ') : [...names, name].join(', ');
}
