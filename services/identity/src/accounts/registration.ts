import { registrationSchema, validate, type Locale } from '@ruedas/domain';
import { userConfirmed, userRegistered, type EventDefinition } from '@ruedas/events';
import { DomainError, validationFailed } from '@ruedas/platform';
import { captchaRequired, type Captcha } from '../captcha';
import { addressSubject } from '../limits';
import { linkMail, registrationAttemptMail } from '../mails';
import { hashPassword } from '../passwords';
import { hashSecret, newSecret, type JobDoc, type UserDoc } from '../store';
import { AccountsPart, checked, type Caller } from './users';

/** Registration: accepting one (the same answer whether the e-mail is taken), completing it in the job worker, the captcha, the confirmation link. */
export class Registration extends AccountsPart {
  /**
   * Accepts a registration and answers the same whether the e-mail is new or taken (decision 0028):
   * the account is created, or its owner told of the attempt, by the job worker (`runJob`).
   */
  async register(input: unknown, captchaToken: string | null, caller: Caller): Promise<void> {
    const data = checked(validate(registrationSchema, input));
    await this.checkCaptcha(captchaToken, caller.clientAddress);
    const address = addressSubject(caller.clientAddress);
    // Only the address's allowance is told (RateLimit-*): the e-mail's would tell whether someone registered it lately.
    if (address) caller.rateLimits?.push((await this.limiter.take('register-address', this.limits.registrationPerAddress, address)).state);
    await this.limiter.take('register-account', this.limits.registrationPerAccount, hashSecret(data.email));
    const user = {
      email: data.email,
      passwordHash: await hashPassword(data.password),
      name: data.name,
      lastName: data.lastName,
      lastName2: data.lastName2,
      userType: data.userType,
      merchantName: data.merchantName,
      province: data.province,
      canton: data.canton,
      district: data.district,
      phoneList: data.phoneList,
      language: data.language,
    };
    await this.enqueue({ kind: 'register', email: data.email, locale: data.language as Locale, user });
  }

  async completeRegistration(job: JobDoc): Promise<void> {
    const existing = await this.users.findOne({ email: job.email });
    if (existing && existing._id !== job._id) return this.tellOwnerOfAttempt(existing, job);
    const { secret, hash } = newSecret();
    if (existing) {
      // Created before a crash, its mail maybe not sent: a new link replaces the unknown one.
      if (existing.status !== 'NOT_CONFIRMED') return;
      await this.save(existing, { confirmation: hash }, 'system', []);
    } else {
      try {
        await this.insert(
          { ...(job.user as Partial<UserDoc>), _id: job._id, email: job.email, role: 'ADVERTISER', status: 'NOT_CONFIRMED', confirmation: hash },
          [[userRegistered as EventDefinition<never>, {}]],
          job._id,
        );
      } catch (error) {
        const taken = await this.users.findOne({ email: job.email });
        if (error instanceof DomainError && taken && taken._id !== job._id) return this.tellOwnerOfAttempt(taken, job);
        throw error;
      }
    }
    await this.deps.mailer.send(
      linkMail('confirmation', { to: job.email, locale: job.locale, publicUrl: this.deps.publicUrl, secret, key: `confirm:${hash}` }),
    );
  }

  /** Someone registered with a taken e-mail: its owner learns of it (how to sign in or reset), nobody else. */
  private async tellOwnerOfAttempt(owner: UserDoc, job: JobDoc): Promise<void> {
    await this.deps.mailer.send(
      registrationAttemptMail({ to: owner.email, locale: owner.language, publicUrl: this.deps.publicUrl, key: `register-attempt:${job._id}` }),
    );
  }

  /** The captcha a registration from the caller must solve: `none` exactly when `register` asks for no token. */
  registrationCaptcha(clientAddress: string | null): Pick<Captcha, 'provider' | 'siteKey'> {
    const { captcha } = this.deps;
    return captchaRequired(captcha, clientAddress) ? { provider: captcha.provider, siteKey: captcha.siteKey } : { provider: 'none', siteKey: null };
  }

  private async checkCaptcha(token: string | null, clientAddress: string | null): Promise<void> {
    const { captcha } = this.deps;
    if (!captchaRequired(captcha, clientAddress)) return;
    if (!token || !(await captcha.verify(token, clientAddress))) throw validationFailed({ captcha: 'invalidCaptcha' });
  }

  async confirmAccount(link: string): Promise<void> {
    const user = await this.users.findOne({ confirmation: hashSecret(link.trim()), status: 'NOT_CONFIRMED' });
    if (!user) throw new DomainError('0004', 'invalidConfirmationLink');
    await this.save(user, { status: 'ACTIVE', confirmation: null }, user._id, [[userConfirmed as EventDefinition<never>, {}]]);
  }
}
