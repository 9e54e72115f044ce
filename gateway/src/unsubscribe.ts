import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { translate } from '@ruedas/domain';
import { localeFrom } from '@ruedas/platform';
import { gatewayContext, type GatewayContext } from './gateway';
import { unsubscribeWith } from './rest/alerts';
import { restError } from './rest/facade';

class Refused extends Error {
  constructor(readonly error: { message: string; extensions?: Record<string, unknown> }) {
    super(error.message);
  }
}

/**
 * The one-click unsubscribe of alert mails (RFC 8058): a mail client POSTs
 * `List-Unsubscribe=One-Click` (form-encoded or multipart) to the address of the mail's
 * `List-Unsubscribe` header, `/unsubscribe?token=...`; the signed token is all it needs (no
 * cookie, no sign-in). A GET of the same address is the web app's confirm page.
 */
export async function mountOneClickUnsubscribe(app: FastifyInstance, gateway: ApolloServer<GatewayContext>, trustedProxyHops = 0): Promise<void> {
  await app.register(async (scope) => {
    // Whatever the mail client sends as body (form-encoded or multipart) is not needed: the token is in the address.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    scope.post('/unsubscribe', async (request, reply) => {
      const locale = localeFrom(request.headers['accept-language']);
      const token = (request.query as Record<string, unknown>).token;
      const execute = async (operation: string, variables?: Record<string, unknown>) => {
        const response = await gateway.executeOperation(
          { query: operation, ...(variables ? { variables } : {}) },
          { contextValue: gatewayContext({ 'accept-language': request.headers['accept-language'] }, request.socket.remoteAddress, trustedProxyHops) },
        );
        if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
        const { data, errors } = response.body.singleResult;
        if (errors?.length) throw new Refused(errors[0] as { message: string; extensions?: Record<string, unknown> });
        return (data ?? {}) as Record<string, unknown>;
      };
      try {
        await unsubscribeWith(execute, token);
        return reply.code(200).type('text/plain; charset=utf-8').send(translate('alertUnsubscribed', locale));
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        const { status, body } = restError(error.error);
        return reply.code(status).type('text/plain; charset=utf-8').send(String(body.message));
      }
    });
  });
}
