import { GlobalParameters, type EventBus, type ServiceModule, type SessionGuard, type Subscription, type TokenSigner } from '@ruedas/platform';
import { readEvent, sessionEnded, identitySessionTopic } from '@ruedas/events';
import { Accounts } from './accounts';
import { noCaptcha, type Captcha } from './captcha';
import { identityResolvers } from './resolvers';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export { noCaptcha, turnstileCaptcha, isLocalAddress, TURNSTILE_SITEVERIFY_URL, type Captcha, type TurnstileOptions } from './captcha';
export { hashPassword, verifyPassword } from './passwords';
export { seedAccounts, type SeedAccount, type SeededAccount, type SeedDeps } from './seed';
export { RESET_LIMIT, RESET_LINK_MINUTES, ACTIVATION_LINK_DAYS } from './accounts';

export interface IdentityOptions {
  /** Signs session tokens with the private key. */
  signer: TokenSigner;
  /** The process's guard: identity revokes ended sessions in it at once. */
  guard: SessionGuard;
  captcha?: Captcha;
}

/**
 * The identity service: accounts, sessions and tokens, password reset, profiles and user
 * administration. Every other process learns of ended sessions through `followEndedSessions`.
 */
export function createIdentity(options: IdentityOptions): ServiceModule {
  return {
    subgraph,
    async init(context) {
      const collections = await openCollections(context.store);
      context.outbox.watch(collections.users);
      context.outbox.watch(collections.sessions);
      const parameters = await GlobalParameters.open(context.store, 'identity_parameters');
      const following = await parameters.follow({ bus: context.bus, store: context.store, logger: context.logger, group: 'identity-parameters' });
      // Sessions ended before a restart stay refused.
      for (const session of await collections.sessions.find({ endedAt: { $ne: null }, expiresAt: { $gt: context.clock.now() } })) {
        options.guard.revoke(session._id, session.expiresAt);
      }
      const accounts = new Accounts({
        collections,
        mailer: context.mailer,
        outbox: context.outbox,
        clock: context.clock,
        captcha: options.captcha ?? noCaptcha,
        signer: options.signer,
        guard: options.guard,
        parameters,
        publicUrl: context.publicUrl,
      });
      return {
        resolvers: identityResolvers(accounts, options.guard),
        async stop() {
          await following.stop();
        },
      };
    },
  };
}

/** Lets a process's guard refuse sessions ended elsewhere (distributed mode): consumes SessionEnded. */
export function followEndedSessions(options: { guard: SessionGuard; bus: EventBus; group: string }): Promise<Subscription> {
  return options.bus.subscribe({
    group: options.group,
    topics: [identitySessionTopic],
    handler: async (message) => {
      const event = readEvent(sessionEnded, message.value);
      if (event) options.guard.revoke(event.payload.sessionId, new Date(event.payload.expiresAt));
    },
  });
}
