import {
  GlobalParameters,
  type ServiceInstance,
  type EventBus,
  type Logger,
  type ServiceModule,
  type SessionGuard,
  type Subscription,
  type TokenSigner,
} from '@ruedas/platform';
import { GLOBAL_PARAMETERS, type AuthLimitName, type RateRule } from '@ruedas/domain';
import { readEvent, sessionEnded, identitySessionTopic } from '@ruedas/events';
import { Accounts } from './accounts';
import type { Captcha } from './captcha';
import { JobWorker } from './jobs';
import { identityResolvers } from './resolvers';
import { backfillSearchWords, openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export { noCaptcha, turnstileCaptcha, isLocalAddress, TURNSTILE_SITEVERIFY_URL, type Captcha, type TurnstileOptions } from './captcha';
export { hashPassword, verifyPassword } from './passwords';
export { importAccounts, seedAccounts, type SeedAccount, type SeededAccount, type SeedDeps } from './seed';
export { RESET_LINK_MINUTES, ACTIVATION_LINK_DAYS } from './accounts';
export { JOB_SWEEP_MS } from './jobs';

export interface IdentityOptions {
  /** Signs session tokens with the private key. */
  signer: TokenSigner;
  /** The process's guard: identity revokes ended sessions in it at once. */
  guard: SessionGuard;
  /** The registration captcha (chosen by its caller: infra's adapter table; `noCaptcha` in tests). */
  captcha: Captcha;
  /** Request limits other than `AUTH_LIMITS` (tests). */
  limits?: Partial<Record<AuthLimitName, RateRule>>;
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
      await backfillSearchWords(collections);
      context.outbox.watch(collections.users);
      context.outbox.watch(collections.sessions);
      const parameters = await GlobalParameters.open(context.store, 'identity_parameters');
      const following = await parameters.follow({ bus: context.bus, store: context.store, logger: context.logger, group: 'identity-parameters' });
      // Sessions ended before a restart stay refused.
      for (const session of await collections.sessions.find({ endedAt: { $ne: null }, expiresAt: { $gt: context.clock.now() } })) {
        options.guard.revoke(session._id, session.expiresAt);
      }
      const waiting = { notify: () => {} };
      const accounts = new Accounts({
        collections,
        mailer: context.mailer,
        outbox: context.outbox,
        clock: context.clock,
        captcha: options.captcha,
        signer: options.signer,
        guard: options.guard,
        parameters,
        publicUrl: context.publicUrl,
        jobsWaiting: () => waiting.notify(),
        ...(options.limits ? { limits: options.limits } : {}),
      });
      const jobs = new JobWorker(collections.jobs, (job) => accounts.runJob(job), context.logger);
      waiting.notify = () => jobs.notify();
      // Requests accepted before a stop or a crash.
      jobs.notify();
      return {
        resolvers: identityResolvers(accounts, options.guard),
        /** Resolves once every accepted registration and reset request is done (tests). */
        jobsDone: () => jobs.idle(),
        async stop() {
          await jobs.stop();
          await following.stop();
        },
      } as ServiceInstance & { jobsDone(): Promise<void> };
    },
  };
}

/** How long `followEndedSessions` may take to read the ended sessions before the start fails. */
export const ENDED_SESSIONS_CATCH_UP_MS = 30_000;

/**
 * How far back `followEndedSessions` reads `identity.session`: a session ended earlier than the
 * longest session (SESSION_DURATION_MINUTES at its maximum) has expired anyway, whatever its token
 * says; ten minutes more for the clocks of the machines. The topic keeps 7 days; reading them all
 * at every start of every copy was the cost.
 */
export const ENDED_SESSIONS_LOOKBACK_MS = ((GLOBAL_PARAMETERS.find((parameter) => parameter.key === 'SESSION_DURATION_MINUTES')?.max ?? 100) + 10) * 60_000;

export interface FollowEndedSessionsOptions {
  guard: SessionGuard;
  bus: EventBus;
  group: string;
  logger?: Logger;
  /** Default `ENDED_SESSIONS_CATCH_UP_MS`. */
  catchUpTimeoutMs?: number;
}

/**
 * Lets a process's guard refuse sessions ended elsewhere (distributed mode): consumes SessionEnded.
 * Resolves only once the guard has read every session ended before the call (the subscription's
 * `caughtUp()`), so a service that awaits it never accepts such a session, not even on its first
 * request after a restart. If that takes longer than `catchUpTimeoutMs`, it stops the subscription
 * and rejects, failing the start with a clear error instead of hanging or serving too early.
 */
export async function followEndedSessions(options: FollowEndedSessionsOptions): Promise<Subscription> {
  const { guard, bus, group, logger } = options;
  const timeoutMs = options.catchUpTimeoutMs ?? ENDED_SESSIONS_CATCH_UP_MS;
  const started = performance.now();
  // Every copy of every service keeps the ended sessions in memory: every copy sees every one.
  const subscription = await bus.subscribe({
    group,
    kind: 'broadcast',
    topics: [identitySessionTopic],
    since: new Date(Date.now() - ENDED_SESSIONS_LOOKBACK_MS),
    handler: async (message) => {
      const event = readEvent(sessionEnded, message.value);
      if (event) guard.revoke(event.payload.sessionId, new Date(event.payload.expiresAt));
    },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `the ended sessions (topic ${identitySessionTopic}, group ${group}) were not all read within ${timeoutMs} ms; ` +
              'not starting with a session guard that could still accept them (is the event bus reachable?)',
          ),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([subscription.caughtUp(), timedOut]);
  } catch (error) {
    // The catch-up's error is the one thrown; stopping the half-started subscription is best effort.
    await subscription.stop().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  logger?.debug({ group, ms: Math.round(performance.now() - started) }, 'ended sessions read');
  return subscription;
}
