import { randomUUID } from 'node:crypto';
import { loginSchema, validate } from '@ruedas/domain';
import { createEvent, sessionEnded, userStatusChanged, type EventDefinition } from '@ruedas/events';
import { DomainError, DuplicateKeyError, toOutbox } from '@ruedas/platform';
import { addressSubject } from '../limits';
import { verifyPassword } from '../passwords';
import { hashSecret, type UserDoc } from '../store';
import { AccountsPart, checked, DAY, MINUTE, type Caller } from './users';

/** How long a place an account signed in from stays known after its last success there (issue 28). */
export const KNOWN_PLACE_DAYS = 90;

/**
 * The keys of the places a sign-in comes from, device first: `<user>|device:<sha256 of the value>`
 * and `<user>|<address subject>`, for those it has.
 */
export function knownPlaceKeys(userId: string, address: string | null, device: string | null): string[] {
  return [...(device ? [`${userId}|device:${hashSecret(device)}`] : []), ...(address ? [`${userId}|${address}`] : [])];
}

/** Sessions: signing in (with the e-mail's failed attempts and lockout), signing out, ending a user's sessions. */
export class Sessions extends AccountsPart {
  private lastFailuresPrune = 0;

  /**
   * Signs in. Every attempt is counted against the e-mail (known or not, decision 0028) before the
   * password is checked, in one conditional update, so at most FAILED_LOGINS_BEFORE_LOCKOUT
   * passwords are ever checked between two successes, however many requests arrive at once; the
   * failure that reaches it locks, and no attempt gets a token once the e-mail is locked (0005).
   * Only failures count (issue 28): a success gives its units back. The right password from a place
   * (client address, or the browser's device value) the account signed in from before is never
   * refused by others' failures: it skips the lock and the e-mail's limit, bounded by its own
   * failures there (decision 0147).
   */
  async login(
    input: { email: string; password: string },
    caller: Caller = { viewer: null, clientAddress: null },
  ): Promise<{ token: string; expiresAt: Date; user: UserDoc }> {
    const { email, password } = checked(validate(loginSchema, input));
    const { parameters } = this.deps;
    const minutes = parameters.get('LOCKOUT_MINUTES');
    const locked = () => new DomainError('0005', 'accountLocked', undefined, { minutes });
    const emailKey = hashSecret(email);
    const address = addressSubject(caller.clientAddress);
    const user = await this.users.findOne({ email });
    void this.pruneLoginFailures();
    // The places of this sign-in: the client's address and the browser's device value (hashed: the
    // store never holds a value that, with the password, would pass the lock).
    const places = user ? knownPlaceKeys(user._id, address, caller.device ?? null) : [];
    const place = await this.knownPlace(places);
    let checkedWrong = false;
    if (user && place) {
      const unit = await this.limiter.tryTake('login-known', this.limits.loginFailuresFromKnownPlace, place);
      if ('retryAfterSeconds' in unit) throw locked();
      if (await verifyPassword(user.passwordHash, password)) {
        await unit.giveBack();
        // The count of failures starts again, but a lock others caused stays for them.
        await this.deps.collections.loginFailures.updateOne({ _id: emailKey, lockedUntil: null }, { $set: { failures: 0 } });
        return this.signedIn(user, places, true);
      }
      // A wrong password from a known place is a failure like any other.
      checkedWrong = true;
    }
    const accountUnit = await this.limiter.tryTake('login-account', this.limits.loginPerAccount, emailKey);
    if ('retryAfterSeconds' in accountUnit) throw locked();
    const addressUnit = address ? await this.limiter.take('login-address', this.limits.loginFailuresPerAddress, address) : null;
    // The address's failures are the limit a sign-in answers 429 for: the headers say where it stands.
    if (addressUnit) caller.rateLimits?.push(addressUnit.state);
    const attempt = await this.reserveAttempt(emailKey);
    if (attempt === null) throw locked();
    const matches = !checkedWrong && (await verifyPassword(user?.passwordHash, password));
    if (!user || !matches) {
      if (attempt >= parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT') && (await this.lockEmail(emailKey, user))) throw locked();
      if (user && !user.passwordHash) throw new DomainError('0002', 'accountNotConfirmed');
      throw new DomainError('0001', 'incorrectCredentials');
    }
    // The right password: the attempt is no failure, unless a concurrent failure locked the e-mail first.
    const cleared = await this.deps.collections.loginFailures.findOneAndUpdate({ _id: emailKey, lockedUntil: null }, { $set: { failures: 0 } });
    if (!cleared) throw locked();
    await accountUnit.giveBack();
    await addressUnit?.giveBack();
    return this.signedIn(user, places, false);
  }

  /**
   * The first of the places (the device before the address) the account signed in from in the last
   * KNOWN_PLACE_DAYS, or null. Its own failures are counted under its key.
   */
  private async knownPlace(places: string[]): Promise<string | null> {
    for (const place of places) {
      if (await this.deps.collections.loginSources.findOne({ _id: place, expiresAt: { $gt: this.now() } })) return place;
    }
    return null;
  }

  /**
   * The right password was given: refused only by an administrator's block (0005), or an account not
   * confirmed (0002); a lock by failures is lifted once it ended, and skipped from a known place.
   * Notes the places (address and device) as known, and opens a session.
   */
  private async signedIn(user: UserDoc, places: string[], fromKnownPlace: boolean): Promise<{ token: string; expiresAt: Date; user: UserDoc }> {
    const { parameters } = this.deps;
    const now = this.now();
    const locked = () => new DomainError('0005', 'accountLocked', undefined, { minutes: parameters.get('LOCKOUT_MINUTES') });
    // An administrator's block has no end; a lockout ends at lockedUntil.
    if (user.status === 'BLOCKED_BY_FAILS' && !user.lockedUntil) throw locked();
    if (user.status === 'BLOCKED_BY_FAILS' && user.lockedUntil && user.lockedUntil > now && !fromKnownPlace) throw locked();
    if (user.status === 'NOT_CONFIRMED') throw new DomainError('0002', 'accountNotConfirmed');
    let current = user;
    if (user.status === 'BLOCKED_BY_FAILS' && user.lockedUntil && user.lockedUntil <= now) {
      current = await this.save(user, { failedLogins: 0, lockedUntil: null, status: 'ACTIVE' }, 'system', [
        [userStatusChanged as EventDefinition<never>, { previous: user.status }],
      ]);
    }
    for (const place of places) {
      await this.deps.collections.loginSources.updateOne(
        { _id: place },
        { $set: { userId: user._id, expiresAt: new Date(now.getTime() + KNOWN_PLACE_DAYS * DAY) } },
        { upsert: true },
      );
    }
    const expiresAt = new Date(now.getTime() + parameters.get('SESSION_DURATION_MINUTES') * MINUTE);
    const sessionId = randomUUID();
    await this.deps.collections.sessions.insertOne({ _id: sessionId, userId: user._id, expiresAt, endedAt: null });
    const token = await this.deps.signer.sign({ userId: user._id, sessionId, role: current.role, expiresAt });
    return { token, expiresAt, user: current };
  }

  /**
   * Takes one attempt for the e-mail: answers its number since the last success, or null when the
   * e-mail is locked or every allowed attempt is already taken (being checked by other requests).
   */
  private async reserveAttempt(emailKey: string): Promise<number | null> {
    const failures = this.deps.collections.loginFailures;
    const max = this.deps.parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + DAY);
    for (let round = 0; round < 4; round++) {
      const taken = await failures.findOneAndUpdate(
        { _id: emailKey, failures: { $lt: max }, lockedUntil: null },
        { $inc: { failures: 1 }, $set: { expiresAt } },
      );
      if (taken) return taken.failures;
      const current = await failures.findById(emailKey);
      if (!current) {
        try {
          await failures.insertOne({ _id: emailKey, failures: 1, lockedUntil: null, expiresAt });
          return 1;
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue;
          throw error;
        }
      }
      // A lock that has ended, or attempts taken but never settled (a crash between the two): start again.
      const stale = current.lockedUntil
        ? current.lockedUntil <= now
        : current.expiresAt.getTime() - DAY + this.deps.parameters.get('LOCKOUT_MINUTES') * MINUTE <= now.getTime();
      if (!stale) return null;
      await failures.updateOne({ _id: emailKey, lockedUntil: current.lockedUntil, expiresAt: current.expiresAt }, { $set: { failures: 0, lockedUntil: null } });
    }
    return null;
  }

  /**
   * Drops, at most once a minute, the failure counts of e-mails nobody tried for a day and the
   * locks that have ended (MongoDB's TTL index does it too): unknown e-mails do not pile up.
   */
  private async pruneLoginFailures(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastFailuresPrune < MINUTE && now.getTime() >= this.lastFailuresPrune) return;
    this.lastFailuresPrune = now.getTime();
    await this.deps.collections.loginFailures.deleteMany({ expiresAt: { $lte: now } }).catch(() => undefined);
    await this.deps.collections.loginSources.deleteMany({ expiresAt: { $lte: now } }).catch(() => undefined);
  }

  /** Locks the e-mail after the last allowed failure (unless a success cleared it meanwhile); marks the account. */
  private async lockEmail(emailKey: string, user: UserDoc | null): Promise<boolean> {
    const { parameters } = this.deps;
    const lockedUntil = new Date(this.now().getTime() + parameters.get('LOCKOUT_MINUTES') * MINUTE);
    const { modifiedCount } = await this.deps.collections.loginFailures.updateOne(
      { _id: emailKey, lockedUntil: null, failures: { $gte: parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT') } },
      { $set: { lockedUntil, expiresAt: lockedUntil } },
    );
    if (modifiedCount === 0 || !user) return modifiedCount > 0;
    // The account shows the lock to administrators (status and event); its version may move under us.
    for (let round = 0; round < 5; round++) {
      const current = await this.users.findById(user._id);
      if (!current || current.status === 'BLOCKED_BY_FAILS') break;
      try {
        await this.save(current, { status: 'BLOCKED_BY_FAILS', lockedUntil }, 'system', [
          [userStatusChanged as EventDefinition<never>, { previous: current.status }],
        ]);
        break;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
    return true;
  }

  /** Forgets the e-mail's failed sign-ins and its sign-in limit: a completed reset, or an administrator's unblock. */
  async clearLoginFailures(email: string): Promise<void> {
    const emailKey = hashSecret(email);
    await this.deps.collections.loginFailures.deleteOne({ _id: emailKey });
    await this.limiter.clear('login-account', emailKey);
  }

  async logout(caller: Caller): Promise<void> {
    if (!caller.viewer) throw new DomainError('0003', 'sessionInvalid');
    await this.endSessions({ _id: caller.viewer.sessionId });
  }

  /** Ends sessions: refused at once in this process, and everywhere once SessionEnded is relayed. */
  async endSessions(filter: Record<string, unknown>): Promise<void> {
    const { sessions } = this.deps.collections;
    const now = this.now();
    for (const session of await sessions.find({ ...filter, endedAt: null })) {
      const event = createEvent(sessionEnded, {
        aggregateId: session._id,
        aggregateVersion: 1,
        actor: { kind: 'user', id: session.userId },
        payload: { sessionId: session._id, userId: session.userId, expiresAt: session.expiresAt.toISOString() },
        occurredAt: now,
      });
      await sessions.updateOne({ _id: session._id, endedAt: null }, { $set: { endedAt: now }, $push: { outbox: toOutbox(sessionEnded.topic, event) } });
      this.deps.guard.revoke(session._id, session.expiresAt);
    }
    this.deps.outbox.notify();
  }
}
