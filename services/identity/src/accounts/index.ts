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
 * The account rules of the identity service; resolvers only translate GraphQL to these calls. One
 * object for the resolvers and the job worker, each call handed to its section: registration
 * (`registration.ts`), sessions (`sessions.ts`), password reset (`password-reset.ts`), profiles and
 * the staff's maintenance of users (`profiles.ts`); the user's writes they share are in `users.ts`.
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

  // ---------------------------------------------------------------- registration

  register(...args: Parameters<Registration['register']>) {
    return this.registration.register(...args);
  }

  registrationCaptcha(...args: Parameters<Registration['registrationCaptcha']>) {
    return this.registration.registrationCaptcha(...args);
  }

  confirmAccount(...args: Parameters<Registration['confirmAccount']>) {
    return this.registration.confirmAccount(...args);
  }

  // ---------------------------------------------------------------- sessions

  login(...args: Parameters<Sessions['login']>) {
    return this.sessions.login(...args);
  }

  logout(...args: Parameters<Sessions['logout']>) {
    return this.sessions.logout(...args);
  }

  // ---------------------------------------------------------------- password reset

  requestPasswordReset(...args: Parameters<PasswordReset['requestPasswordReset']>) {
    return this.passwordReset.requestPasswordReset(...args);
  }

  resetPassword(...args: Parameters<PasswordReset['resetPassword']>) {
    return this.passwordReset.resetPassword(...args);
  }

  // ---------------------------------------------------------------- profiles and users

  readUser(...args: Parameters<Profiles['readUser']>) {
    return this.profiles.readUser(...args);
  }

  updateMyProfile(...args: Parameters<Profiles['updateMyProfile']>) {
    return this.profiles.updateMyProfile(...args);
  }

  changeLanguage(...args: Parameters<Profiles['changeLanguage']>) {
    return this.profiles.changeLanguage(...args);
  }

  sellerInfo(...args: Parameters<Profiles['sellerInfo']>) {
    return this.profiles.sellerInfo(...args);
  }

  updateDealerInfo(...args: Parameters<Profiles['updateDealerInfo']>) {
    return this.profiles.updateDealerInfo(...args);
  }

  list(...args: Parameters<Profiles['list']>) {
    return this.profiles.list(...args);
  }

  adminUpdate(...args: Parameters<Profiles['adminUpdate']>) {
    return this.profiles.adminUpdate(...args);
  }

  impersonalRegister(...args: Parameters<Profiles['impersonalRegister']>) {
    return this.profiles.impersonalRegister(...args);
  }
}
