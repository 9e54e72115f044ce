import { randomUUID } from 'node:crypto';
import {
  adminUserEditSchema,
  auditDiff,
  impersonalRegistrationSchema,
  impersonatorMayEdit,
  impersonatorMaySetStatus,
  loginSchema,
  passwordResetSchema,
  profileUpdateSchema,
  registrationSchema,
  forgotPasswordSchema,
  languageSchema,
  validate,
  type Locale,
  type Role,
  type UserStatus,
} from '@ruedas/domain';
import {
  createEvent,
  identityStaffAction,
  impersonalUserRegistered,
  staffActionEvent,
  sessionEnded,
  userConfirmed,
  userRegistered,
  userRoleChanged,
  userStatusChanged,
  userUpdated,
  type EventDefinition,
  type StaffActionInput,
  type UserSnapshot,
} from '@ruedas/events';
import {
  DomainError,
  DuplicateKeyError,
  forbidden,
  notFound,
  toOutbox,
  validationFailed,
  type Clock,
  type OutboxEntry,
  type GlobalParameters,
  type Mailer,
  type OutboxRelay,
  type SessionGuard,
  type TokenSigner,
  type Viewer,
} from '@ruedas/platform';
import { captchaRequired, type Captcha } from './captcha';
import { linkMail } from './mails';
import { hashPassword, verifyPassword } from './passwords';
import { foldText, hashSecret, newSecret, type IdentityCollections, type UserDoc } from './store';

const MINUTE = 60_000;
export const RESET_LINK_MINUTES = 60;
export const ACTIVATION_LINK_DAYS = 7;
/** Password-reset requests allowed per e-mail and per client in the window. */
export const RESET_LIMIT = { requests: 3, windowMinutes: 15 };

export interface AccountsDeps {
  collections: IdentityCollections;
  mailer: Mailer;
  outbox: OutboxRelay;
  clock: Clock;
  captcha: Captcha;
  signer: TokenSigner;
  guard: SessionGuard;
  parameters: GlobalParameters;
  publicUrl: string;
}

/** Where a call comes from. */
export interface Caller {
  viewer: Viewer | null;
  clientAddress: string | null;
}

function checked<T>(result: { ok: true; data: T } | { ok: false; errors: Record<string, string> }): T {
  if (!result.ok) throw validationFailed(result.errors);
  return result.data;
}

const fullName = (user: Pick<UserDoc, 'userType' | 'merchantName' | 'name' | 'lastName' | 'lastName2'>): string =>
  user.userType === 'CARS_SELLER_MERCHANT' && user.merchantName
    ? user.merchantName
    : [user.name, user.lastName, user.lastName2].filter(Boolean).join(' ');

export const isAdmin = (role: string) => role === 'ADMINISTRATOR';

/** What the audit trail records of a staff edit of a user: the snapshot's fields (no secret). */
const AUDITED_USER_FIELDS = ['email', 'name', 'lastName', 'lastName2', 'userType', 'merchantName', 'language', 'role', 'status', 'phoneList', 'province', 'canton', 'district'] as const;
export const maintainsUsers = (role: string) => role === 'ADMINISTRATOR' || role === 'IMPERSONALIZATOR';

export function snapshot(user: UserDoc): UserSnapshot {
  return {
    id: user._id,
    email: user.email,
    name: user.name,
    lastName: user.lastName,
    lastName2: user.lastName2,
    fullName: fullName(user),
    userType: user.userType,
    merchantName: user.merchantName,
    language: user.language,
    role: user.role,
    status: user.status,
    impersonal: user.impersonal,
    phoneList: user.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
    province: user.province,
    canton: user.canton,
    district: user.district,
    dateCreated: user.dateCreated.toISOString(),
  };
}

/** The account rules of the identity service; resolvers only translate GraphQL to these calls. */
export class Accounts {
  constructor(private readonly deps: AccountsDeps) {}

  private get users() {
    return this.deps.collections.users;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  /** Outbox entries of events about a user at its next version (no secret: snapshots only). */
  private events(user: UserDoc, actorId: string, list: Array<[EventDefinition<never>, Record<string, unknown>]>) {
    return list.map(([definition, payload], index) =>
      toOutbox(
        definition.topic,
        createEvent(definition as EventDefinition<unknown>, {
          aggregateId: user._id,
          aggregateVersion: user.version + 1 + index,
          actor: actorId === 'system' ? { kind: 'system', id: 'identity' } : { kind: 'user', id: actorId },
          payload: { user: snapshot(user), ...payload },
          occurredAt: this.now(),
        }),
      ),
    );
  }

  /** Writes changes and their events in one single-document update, with optimistic concurrency. */
  private async save(
    before: UserDoc,
    changes: Partial<UserDoc>,
    actorId: string,
    events: Array<[EventDefinition<never>, Record<string, unknown>]>,
    staffAction?: (after: UserDoc) => Omit<StaffActionInput, 'at'>,
  ): Promise<UserDoc> {
    const after: UserDoc = { ...before, ...changes };
    after.searchText = foldText([after.name, after.lastName, after.lastName2, after.email].join(' '));
    const entries = this.events(after, actorId, events);
    // A staff action's audit event goes out in the same write (not an event of the user aggregate).
    const outbox = staffAction ? [...entries, this.audit(staffAction(after))] : entries;
    const update: Record<string, unknown> = {
      $set: { ...changes, searchText: after.searchText, version: before.version + entries.length },
      ...(outbox.length ? { $push: { outbox: { $each: outbox } } } : {}),
    };
    let saved: UserDoc | null;
    try {
      saved = await this.users.findOneAndUpdate({ _id: before._id, version: before.version }, update);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw validationFailed({ email: 'emailTaken' });
      throw error;
    }
    if (!saved) throw new DomainError('CONFLICT', 'errorOccurred');
    if (outbox.length) this.deps.outbox.notify();
    return saved;
  }

  /** The outbox entry of a staff action (topic `identity.audit`). */
  private audit(action: Omit<StaffActionInput, 'at'>): OutboxEntry {
    return toOutbox(identityStaffAction.topic, staffActionEvent(identityStaffAction, { ...action, at: this.now() }));
  }

  async byId(id: string): Promise<UserDoc> {
    const user = await this.users.findById(id);
    if (!user) throw notFound();
    return user;
  }

  /** The caller's account, read fresh: the role in the token may be stale. */
  async self(caller: Caller): Promise<UserDoc> {
    if (!caller.viewer) throw new DomainError('0003', 'sessionInvalid');
    const user = await this.users.findById(caller.viewer.userId);
    if (!user) throw new DomainError('0003', 'sessionInvalid');
    return user;
  }

  async register(input: unknown, captchaToken: string | null, caller: Caller): Promise<void> {
    const data = checked(validate(registrationSchema, input));
    await this.checkCaptcha(captchaToken, caller.clientAddress);
    const { secret, hash } = newSecret();
    const id = randomUUID();
    const user = await this.insert({
      _id: id,
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
      role: 'ADVERTISER',
      status: 'NOT_CONFIRMED',
      confirmation: hash,
    }, [[userRegistered as EventDefinition<never>, {}]], id);
    await this.deps.mailer.send(linkMail('confirmation', { to: user.email, locale: user.language, publicUrl: this.deps.publicUrl, secret, key: `confirm:${hash}` }));
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

  private async insert(
    fields: Partial<UserDoc> & { _id: string; email: string },
    events: Array<[EventDefinition<never>, Record<string, unknown>]>,
    actorId: string,
    staffAction?: Omit<StaffActionInput, 'at'>,
  ): Promise<UserDoc> {
    const base = {
      ...fields,
      impersonal: fields.impersonal ?? false,
      dateCreated: this.now(),
      version: 0,
      searchText: foldText([fields.name, fields.lastName, fields.lastName2, fields.email].join(' ')),
    } as UserDoc;
    const entries = this.events(base, actorId, events);
    const outbox = staffAction ? [...entries, this.audit(staffAction)] : entries;
    try {
      const user = await this.users.insertOne({ ...base, version: entries.length, outbox });
      this.deps.outbox.notify();
      return user;
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw validationFailed({ email: 'emailTaken' });
      throw error;
    }
  }

  async confirmAccount(link: string): Promise<void> {
    const user = await this.users.findOne({ confirmation: hashSecret(link.trim()), status: 'NOT_CONFIRMED' });
    if (!user) throw new DomainError('0004', 'invalidConfirmationLink');
    await this.save(user, { status: 'ACTIVE', confirmation: null }, user._id, [[userConfirmed as EventDefinition<never>, {}]]);
  }

  async login(input: { email: string; password: string }): Promise<{ token: string; expiresAt: Date; user: UserDoc }> {
    const { email, password } = checked(validate(loginSchema, input));
    const { parameters } = this.deps;
    const user = await this.users.findOne({ email });
    const now = this.now();
    if (user?.status === 'BLOCKED_BY_FAILS' && (!user.lockedUntil || user.lockedUntil > now)) {
      throw new DomainError('0005', 'accountLocked', undefined, { minutes: parameters.get('LOCKOUT_MINUTES') });
    }
    const matches = await verifyPassword(user?.passwordHash, password);
    if (!user) throw new DomainError('0001', 'incorrectCredentials');
    if (!matches) {
      if (!user.passwordHash) throw new DomainError('0002', 'accountNotConfirmed');
      return this.failLogin(user);
    }
    if (user.status === 'NOT_CONFIRMED') throw new DomainError('0002', 'accountNotConfirmed');
    let current = user;
    if (user.failedLogins > 0 || user.status === 'BLOCKED_BY_FAILS') {
      const unblocked = user.status === 'BLOCKED_BY_FAILS';
      current = await this.save(user, { failedLogins: 0, lockedUntil: null, status: 'ACTIVE' }, 'system',
        unblocked ? [[userStatusChanged as EventDefinition<never>, { previous: user.status }]] : []);
    }
    const expiresAt = new Date(now.getTime() + parameters.get('SESSION_DURATION_MINUTES') * MINUTE);
    const sessionId = randomUUID();
    await this.deps.collections.sessions.insertOne({ _id: sessionId, userId: user._id, expiresAt, endedAt: null });
    const token = await this.deps.signer.sign({ userId: user._id, sessionId, role: current.role, expiresAt });
    return { token, expiresAt, user: current };
  }

  private async failLogin(user: UserDoc): Promise<never> {
    const { parameters } = this.deps;
    const failed = await this.users.findOneAndUpdate({ _id: user._id }, { $inc: { failedLogins: 1 } });
    if (failed && failed.failedLogins >= parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT') && failed.status !== 'BLOCKED_BY_FAILS') {
      const minutes = parameters.get('LOCKOUT_MINUTES');
      await this.save(failed, { status: 'BLOCKED_BY_FAILS', lockedUntil: new Date(this.now().getTime() + minutes * MINUTE) }, 'system',
        [[userStatusChanged as EventDefinition<never>, { previous: failed.status }]]);
      throw new DomainError('0005', 'accountLocked', undefined, { minutes });
    }
    throw new DomainError('0001', 'incorrectCredentials');
  }

  async logout(caller: Caller): Promise<void> {
    if (!caller.viewer) throw new DomainError('0003', 'sessionInvalid');
    await this.endSessions({ _id: caller.viewer.sessionId });
  }

  /** Ends sessions: refused at once in this process, and everywhere once SessionEnded is relayed. */
  private async endSessions(filter: Record<string, unknown>): Promise<void> {
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

  async requestPasswordReset(input: { email: string; locale: unknown }, caller: Caller): Promise<void> {
    const { email } = checked(validate(forgotPasswordSchema, { email: input.email }));
    const locale = checked(validate(languageSchema, input.locale ?? 'es')) as Locale;
    await this.rateLimit([`email:${email}`, ...(caller.clientAddress ? [`client:${caller.clientAddress}`] : [])]);
    const user = await this.users.findOne({ email });
    if (!user) return;
    const { secret, hash } = newSecret();
    const expiresAt = new Date(this.now().getTime() + RESET_LINK_MINUTES * MINUTE);
    await this.save(user, { reset: { hash, expiresAt } }, 'system', []);
    await this.deps.mailer.send(linkMail('reset', { to: user.email, locale, publicUrl: this.deps.publicUrl, secret, key: `reset:${hash}` }));
  }

  /** Counts the request against every key; over the limit of any, RATE_LIMITED (whether the account exists or not). */
  private async rateLimit(keys: string[]): Promise<void> {
    const now = this.now();
    const since = new Date(now.getTime() - RESET_LIMIT.windowMinutes * MINUTE);
    const { resetRequests } = this.deps.collections;
    let limited = false;
    for (const key of keys) {
      const doc = await resetRequests.findById(key);
      const recent = (doc?.at ?? []).filter((at) => at > since);
      if (recent.length >= RESET_LIMIT.requests) limited = true;
      else recent.push(now);
      await resetRequests.updateOne({ _id: key }, { $set: { at: recent } }, { upsert: true });
    }
    if (limited) throw new DomainError('RATE_LIMITED', 'tooManyRequests');
  }

  async resetPassword(input: { token: string; password: string; passwordConfirm?: string | null }): Promise<void> {
    const data = checked(validate(passwordResetSchema, { ...input, passwordConfirm: input.passwordConfirm ?? input.password }));
    const user = await this.users.findOne({ 'reset.hash': hashSecret(data.token) });
    if (!user?.reset || user.reset.expiresAt <= this.now()) throw validationFailed({ token: 'resetLinkInvalid' });
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
      { passwordHash: await hashPassword(data.password), reset: null, status: 'ACTIVE', confirmation: null, failedLogins: 0, lockedUntil: null },
      user._id,
      events,
    );
    await this.endSessions({ userId: user._id });
  }

  async readUser(id: string, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (me._id !== id && !maintainsUsers(me.role)) throw forbidden();
    return me._id === id ? me : this.byId(id);
  }

  async updateMyProfile(input: Record<string, unknown>, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (me.role === 'IMPERSONALIZATOR') throw forbidden();
    const data = checked(validate(profileUpdateSchema, input));
    const changes: Partial<UserDoc> = profileChanges(data);
    if (data.newPassword) {
      if (!(await verifyPassword(me.passwordHash, data.currentPassword))) throw validationFailed({ currentPassword: 'incorrectCredentials' });
      changes.passwordHash = await hashPassword(data.newPassword);
    }
    return this.save(me, changes, me._id, [[userUpdated as EventDefinition<never>, {}]]);
  }

  async changeLanguage(language: unknown, caller: Caller): Promise<Locale> {
    const value = checked(validate(languageSchema, language)) as Locale;
    const me = await this.self(caller);
    if (me.language !== value) await this.save(me, { language: value }, me._id, [[userUpdated as EventDefinition<never>, {}]]);
    return value;
  }

  async sellerInfo(sellerId: string): Promise<{ fullName: string; phones: UserDoc['phoneList'] }> {
    const user = await this.byId(sellerId);
    return { fullName: fullName(user), phones: user.phoneList };
  }

  async list(options: { filter?: string | null; sort?: { field: string; direction?: string | null } | null; page?: number | null }, caller: Caller) {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const perPage = this.deps.parameters.get('ITEMS_PER_LIST');
    const pageNumber = Math.max(1, Math.floor(options.page ?? 1));
    const words = foldText(options.filter ?? '').trim();
    const query = words ? { searchText: { $regex: words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') } } : {};
    const field = options.sort?.field ?? 'dateCreated';
    const direction = (options.sort?.direction ?? (options.sort ? 'ASC' : 'DESC')) === 'DESC' ? -1 : 1;
    const [items, totalItems] = await Promise.all([
      this.users.find(query, { sort: { [field]: direction, _id: 1 }, skip: (pageNumber - 1) * perPage, limit: perPage }),
      this.users.count(query),
    ]);
    return { items, totalItems, perPage, pageNumber };
  }

  async adminUpdate(input: Record<string, unknown> & { id: string }, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const user = await this.byId(input.id);
    const data = checked(validate(adminUserEditSchema, { ...input, role: input.role ?? user.role }));
    // Impersonators maintain advertisers' data; roles and other staff accounts are the administrator's.
    // The e-mail field is the administrator's too (spec 02 §6: disabled for others when editing).
    if (!isAdmin(me.role) && (data.role !== user.role || data.email !== user.email || !impersonatorMayEdit(user.role))) throw forbidden();
    const status: UserStatus = data.status ?? user.status;
    if (!isAdmin(me.role) && !impersonatorMaySetStatus(user.status, status)) throw new DomainError('FORBIDDEN', 'impersonatorStatusNotAllowed');
    const changes: Partial<UserDoc> = {
      ...profileChanges(data),
      email: data.email,
      role: data.role as Role,
      status,
      ...(status === 'ACTIVE' ? { failedLogins: 0, lockedUntil: null } : {}),
    };
    const events: Array<[EventDefinition<never>, Record<string, unknown>]> = [[userUpdated as EventDefinition<never>, {}]];
    if (data.role !== user.role) events.push([userRoleChanged as EventDefinition<never>, { previous: user.role }]);
    if (status !== user.status) events.push([userStatusChanged as EventDefinition<never>, { previous: user.status }]);
    const saved = await this.save(user, changes, me._id, events, (after) => ({
      actor: { id: me._id, role: me.role },
      action: 'USER_UPDATED',
      target: { type: 'USER', id: user._id, label: user.email },
      ...auditDiff(snapshot(user), snapshot(after), AUDITED_USER_FIELDS),
    }));
    // Tokens carry the role: a new role (or a block) takes effect at the next sign-in.
    if (data.role !== user.role || status === 'BLOCKED_BY_FAILS') await this.endSessions({ userId: user._id });
    return saved;
  }

  async impersonalRegister(input: { user: Record<string, unknown>; promotionalAds?: number | null; planLevel?: string | null }, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const data = checked(
      validate(impersonalRegistrationSchema, { user: input.user, plan: { planLevel: input.planLevel ?? undefined, totalOpportunities: input.promotionalAds ?? undefined } }),
    );
    // Promotional ads are GOLD, SILVER or BRONZE units given away: bounded by MAX_PROMOTIONAL_ADS.
    const maximum = this.deps.parameters.get('MAX_PROMOTIONAL_ADS');
    if (data.plan.totalOpportunities > maximum) {
      throw new DomainError('VALIDATION', 'promotionalAdsAboveMaximum', { promotionalAds: 'promotionalAdsAboveMaximum' }, { maximum });
    }
    const { secret, hash } = newSecret();
    const u = data.user;
    const userId = randomUUID();
    const user = await this.insert(
      {
        _id: userId,
        email: u.email,
        passwordHash: null,
        name: u.name,
        lastName: u.lastName,
        lastName2: u.lastName2,
        userType: u.userType,
        merchantName: u.merchantName,
        province: u.province,
        canton: u.canton,
        district: u.district,
        phoneList: u.phoneList,
        language: u.language,
        idType: u.idType ?? null,
        identification: u.identification,
        role: u.role,
        status: 'NOT_CONFIRMED',
        impersonal: true,
        reset: { hash, expiresAt: new Date(this.now().getTime() + ACTIVATION_LINK_DAYS * 24 * 60 * MINUTE) },
      },
      [[impersonalUserRegistered as EventDefinition<never>, { registeredBy: me._id, plan: { promotionalAds: data.plan.totalOpportunities, planLevel: data.plan.planLevel } }]],
      me._id,
      {
        actor: { id: me._id, role: me.role },
        action: 'IMPERSONAL_REGISTRATION',
        target: { type: 'USER', id: userId, label: u.email },
        before: null,
        after: { email: u.email, fullName: fullName({ ...u, merchantName: u.merchantName ?? null, lastName2: u.lastName2 ?? null } as UserDoc), role: u.role, promotionalAds: data.plan.totalOpportunities, planLevel: data.plan.planLevel },
      },
    );
    await this.deps.mailer.send(linkMail('activation', { to: user.email, locale: user.language, publicUrl: this.deps.publicUrl, secret, key: `activate:${hash}` }));
    return user;
  }
}

/** The profile fields a person (or a maintainer, for them) may change, from validated data. */
function profileChanges(data: {
  userType: UserDoc['userType'];
  merchantName?: UserDoc['merchantName'];
  name: string;
  lastName: string;
  lastName2?: UserDoc['lastName2'];
  phoneList: UserDoc['phoneList'];
  language: UserDoc['language'];
  province: string;
  canton: string;
  district: string;
  idType?: UserDoc['idType'] | null;
  identification?: UserDoc['identification'];
}): Partial<UserDoc> {
  return {
    userType: data.userType,
    merchantName: data.merchantName,
    name: data.name,
    lastName: data.lastName,
    lastName2: data.lastName2,
    phoneList: data.phoneList,
    language: data.language,
    province: data.province,
    canton: data.canton,
    district: data.district,
    idType: data.idType ?? null,
    identification: data.identification,
  };
}
