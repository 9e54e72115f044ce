import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeFrom, SERVER_TIMEOUTS, type Translator } from '@ruedas/platform';
import { gatewayContext } from './gateway';

/** REST paths a service answers itself (bytes, multipart), served by another process. */
export interface Passthrough {
  /** Origin of the service's process, e.g. http://media:4003. */
  url: string;
  /** Path prefixes passed through as they are, e.g. /api/v1/attachment. */
  prefixes: readonly string[];
}

export interface PassthroughOptions {
  passthroughs: readonly Passthrough[];
  trustedProxyHops: number;
  translate: Translator;
}

/**
 * Request headers the service needs besides those every subgraph gets (token, language, client);
 * payment providers' webhooks carry their proof in a header (ONVO's secret, the sandbox's signature).
 */
const REQUEST_HEADERS = ['accept', 'if-none-match', 'content-type', 'content-length', 'x-webhook-secret', 'x-sandbox-signature'] as const;
const RESPONSE_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'vary', 'content-security-policy', 'x-content-type-options'] as const;

function pick(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Forwards those paths to the process that serves them, streaming bodies both ways (an upload is
 * never held in the gateway). The client's address is the one the gateway vouches for, as for
 * GraphQL; nothing else the client sent about itself goes through.
 */
export async function mountPassthroughs(app: FastifyInstance, options: PassthroughOptions): Promise<void> {
  for (const { url, prefixes } of options.passthroughs) {
    const origin = new URL(url);
    await app.register(async (scope) => {
      // Bodies stay unread streams, whatever their type, to be piped on.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      for (const prefix of prefixes) {
        for (const path of [prefix, `${prefix}/*`]) {
          // Uploads pass through here: the body may take as long as the service allows it.
          scope.all(path, { config: { bodyTimeoutMs: SERVER_TIMEOUTS.uploadBodyMs } }, (request, reply) => forward(request, reply, origin, options));
        }
      }
    });
  }
}

function forward(request: FastifyRequest, reply: FastifyReply, origin: URL, options: PassthroughOptions): Promise<FastifyReply> {
  const { headers } = gatewayContext(request.headers, request.socket.remoteAddress, options.trustedProxyHops);
  const send = origin.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const upstream = send(
      new URL(request.url, origin),
      { method: request.method, headers: { ...headers, ...pick(request.headers, REQUEST_HEADERS) } },
      (response: IncomingMessage) => {
        if (request.raw.complete === false) {
          // The service answered before the body had all come (an upload refused on its headers): the
          // rest is neither read nor sent on; the client's connection closes after the answer
          // (the process server's rule) and so does the service's.
          request.raw.unpipe(upstream);
          response.once('end', () => upstream.destroy());
        }
        resolve(
          reply
            .code(response.statusCode ?? 502)
            .headers(pick(response.headers, RESPONSE_HEADERS))
            .send(response),
        );
      },
    );
    upstream.on('error', (err) => {
      request.log.warn({ err, url: request.url }, 'passthrough: the service did not answer');
      const message = options.translate('serviceUnavailable', localeFrom(request.headers['accept-language']));
      if (!reply.sent) resolve(reply.code(503).send({ code: 'UNAVAILABLE', message }));
    });
    request.raw.pipe(upstream);
  });
}
