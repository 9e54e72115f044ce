import { RateLimiter } from '../limits';
import type { JobDoc } from '../store';
import { PasswordReset } from './password-reset';
import { Profiles } from './profiles';
import { Registration } from './registration';
import { Sessions } from './sessions';
import { AccountsPart, type AccountsDeps } from './users';

export { ACTIVATION_LINK_DAYS, isAdmin, maintainsUsers, RESET_LINK_MINUTES, snapshot, type AccountsDeps, type Caller } from './users';
export { dealerOf } from './profiles';

/**
 * The account rules of the identity service, one object per section (decision 0198): `registration`
 * (`registration.ts`), `sessions` (`sessions.ts`), `passwordReset` (`password-reset.ts`) and
 * `profiles` (profiles and the staff's maintenance of users, `profiles.ts`); the user's writes they
 * share are in `users.ts`. The resolvers call the section they need; the job worker runs `runJob`.
 */
export class Accounts extends AccountsPart {
  readonly registration: Registration;
  readonly sessions: Sessions;
  readonly passwordReset: PasswordReset;
  readonly profiles: Profiles;

  constructor(deps: AccountsDeps) {
    const limiter = new RateLimiter(deps.collections.rateWindows, deps.clock);
    super(deps, limiter);
    this.registration = new Registration(deps, limiter);
    this.sessions = new Sessions(deps, limiter);
    this.passwordReset = new PasswordReset(deps, limiter, this.sessions);
    this.profiles = new Profiles(deps, limiter, this.sessions);
  }

  /** Does one accepted request; safe to run again after a crash (mails carry idempotency keys). */
  async runJob(job: JobDoc): Promise<void> {
    if (job.kind === 'register') await this.registration.completeRegistration(job);
    else await this.passwordReset.mailResetLink(job);
    await this.deps.collections.jobs.deleteOne({ _id: job._id });
  }
}
