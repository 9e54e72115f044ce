import { forgotPasswordSchema, languageSchema, passwordResetSchema, validate, type Locale } from '@ruedas/domain';
import { userConfirmed, userStatusChanged, type EventDefinition } from '@ruedas/events';
import { DomainError, validationFailed } from '@ruedas/platform';
import { addressSubject, type RateLimiter } from '../limits';
import { linkMail } from '../mails';
import { hashPassword, verifyPassword } from '../passwords';
import { hashSecret, newSecret, type JobDoc, type StoredLink } from '../store';
import type { Sessions } from './sessions';
import { AccountsPart, checked, MINUTE, RESET_LINK_MINUTES, type AccountsDeps, type Caller } from './users';

/** Password reset: the request (always the neutral answer), the mailed link, and the new password it sets. */
export class PasswordReset extends AccountsPart {
  constructor(
    deps: AccountsDeps,
    limiter: RateLimiter,
    private readonly sessions: Sessions,
  ) {
    super(deps, limiter);
  }

  /**
   * Accepts a reset request: always the neutral answer, in the same time whether the e-mail has an
   * account or not (the link is made and mailed by the job worker), never refused for the e-mail's
   * sake (decision 0028); only a client address over its generous limit is refused.
   */
  async requestPasswordReset(input: { email: string; locale: unknown }, caller: Caller): Promise<void> {
    const { email } = checked(validate(forgotPasswordSchema, { email: input.email }));
    const locale = checked(validate(languageSchema, input.locale ?? 'es')) as Locale;
    const address = addressSubject(caller.clientAddress);
    if (address) caller.rateLimits?.push((await this.limiter.take('reset-address', this.limits.resetPerAddress, address)).state);
    await this.enqueue({ kind: 'reset', email, locale, user: null });
  }

  /**
   * Mails a reset link, at most `resetMailsPerAccount` per window as long as a link lives: beyond,
   * nothing is sent, and every link mailed in the window still works, so the owner always has one.
   */
  async mailResetLink(job: JobDoc): Promise<void> {
    const user = await this.users.findOne({ email: job.email });
    if (!user) return;
    const rule = this.limits.resetMailsPerAccount;
    const budget = await this.limiter.tryTake('reset-mail', { limit: rule.limit, windowMinutes: RESET_LINK_MINUTES }, user._id);
    if ('retryAfterSeconds' in budget) return;
    const now = this.now();
    const { secret, hash } = newSecret();
    const link: StoredLink = { hash, expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * MINUTE) };
    for (let round = 0; ; round++) {
      const current = round === 0 ? user : await this.byId(user._id);
      const live = (current.resetLinks ?? []).filter((l) => l.expiresAt > now).slice(-2 * rule.limit);
      try {
        await this.save(current, { resetLinks: [...live, link] }, 'system', []);
        break;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT') || round >= 4) throw error;
      }
    }
    await this.deps.mailer.send(linkMail('reset', { to: user.email, locale: job.locale, publicUrl: this.deps.publicUrl, secret, key: `reset:${hash}` }));
  }

  async resetPassword(input: { token: string; password: string; passwordConfirm?: string | null }): Promise<void> {
    const data = checked(validate(passwordResetSchema, { ...input, passwordConfirm: input.passwordConfirm ?? input.password }));
    const hash = hashSecret(data.token);
    const user = await this.users.findOne({ $or: [{ 'reset.hash': hash }, { 'resetLinks.hash': hash }] });
    const link = user && [...(user.reset ? [user.reset] : []), ...(user.resetLinks ?? [])].find((l) => l.hash === hash);
    if (!user || !link || link.expiresAt <= this.now()) throw validationFailed({ token: 'resetLinkInvalid' });
    if (user.passwordHash && (await verifyPassword(user.passwordHash, data.password))) throw validationFailed({ password: 'samePassword' });
    // The link proves the mailbox: it also confirms an account and unblocks a locked one.
    const events: Array<[EventDefinition<never>, Record<string, unknown>]> =
      user.status === 'NOT_CONFIRMED'
        ? [[userConfirmed as EventDefinition<never>, {}]]
        : user.status === 'BLOCKED_BY_FAILS'
          ? [[userStatusChanged as EventDefinition<never>, { previous: user.status }]]
          : [];
    await this.save(
      user,
      {
        passwordHash: await hashPassword(data.password),
        reset: null,
        resetLinks: [],
        status: 'ACTIVE',
        confirmation: null,
        failedLogins: 0,
        lockedUntil: null,
      },
      user._id,
      events,
    );
    await this.sessions.clearLoginFailures(user.email);
    await this.sessions.endSessions({ userId: user._id });
  }
}
