import { randomUUID } from 'node:crypto';
import {
  adminUserEditSchema,
  auditDiff,
  dealerInfoSchema,
  impersonalRegistrationSchema,
  impersonatorMayEdit,
  impersonatorMaySetStatus,
  languageSchema,
  profileUpdateSchema,
  totalPagesOf,
  validate,
  type DealerInfo,
  type Locale,
  type Role,
  type UserStatus,
} from '@ruedas/domain';
import { impersonalUserRegistered, userRoleChanged, userStatusChanged, userUpdated, type EventDefinition } from '@ruedas/events';
import { DomainError, forbidden, pageCursor, readPageCursor, seekPage, validationFailed } from '@ruedas/platform';
import type { RateLimiter } from '../limits';
import { linkMail } from '../mails';
import { hashPassword, verifyPassword } from '../passwords';
import { foldText, newSecret, type UserDoc } from '../store';

/** Users an admin search may match before it asks for more words (the matches are sorted in memory). */
const SEARCH_MATCH_CAP = 2_000;
import type { Sessions } from './sessions';
import {
  ACTIVATION_LINK_DAYS,
  AccountsPart,
  AUDITED_USER_FIELDS,
  checked,
  fullName,
  isAdmin,
  maintainsUsers,
  MINUTE,
  snapshot,
  type AccountsDeps,
  type Caller,
} from './users';

/** Profiles: a user's own profile and language, a seller's public data, and the staff's maintenance of users (list, edit, impersonal registration). */
export class Profiles extends AccountsPart {
  constructor(
    deps: AccountsDeps,
    limiter: RateLimiter,
    private readonly sessions: Sessions,
  ) {
    super(deps, limiter);
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

  async sellerInfo(sellerId: string): Promise<{ fullName: string; phones: UserDoc['phoneList']; dealer: DealerInfo | null }> {
    const user = await this.byId(sellerId);
    return { fullName: fullName(user), phones: user.phoneList, dealer: dealerOf(user) };
  }

  /**
   * Sets a merchant's address, opening hours and map place: the merchant themself, an ADMINISTRATOR,
   * or an IMPERSONALIZATOR for an advertiser's or test user's account (as `adminUpdate`); anybody else
   * FORBIDDEN. A PERSON's account has none (VALIDATION `dealerInfoForMerchantsOnly`).
   */
  async updateDealerInfo(userId: string | null | undefined, input: unknown, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    const user = !userId || userId === me._id ? me : await this.byId(userId);
    if (user._id === me._id ? me.role === 'IMPERSONALIZATOR' : !(isAdmin(me.role) || (me.role === 'IMPERSONALIZATOR' && impersonatorMayEdit(user.role))))
      throw forbidden();
    const data = checked(validate(dealerInfoSchema(), input));
    if (user.userType !== 'CARS_SELLER_MERCHANT') throw validationFailed({ userType: 'dealerInfoForMerchantsOnly' });
    if (user._id === me._id) return this.save(user, { dealer: data }, me._id, [[userUpdated as EventDefinition<never>, {}]]);
    return this.save(user, { dealer: data }, me._id, [[userUpdated as EventDefinition<never>, {}]], () => ({
      actor: { id: me._id, role: me.role },
      action: 'USER_UPDATED',
      target: { type: 'USER', id: user._id, label: user.email },
      before: { dealer: user.dealer ? JSON.stringify(user.dealer) : null },
      after: { dealer: JSON.stringify(data) },
    }));
  }

  /**
   * The users list, for ADMINISTRATOR and IMPERSONALIZATOR: by page number or, with `after` (the
   * `next` of the page before), after that page's last user (issue 30: `seekPage` on the index of
   * the sort field; a search's matches, sorted here, are sought the same way in memory).
   */
  async list(
    options: {
      filter?: string | null;
      sort?: { field: string; direction?: string | null } | null;
      page?: number | null;
      pageSize?: number | null;
      after?: string | null;
    },
    caller: Caller,
  ) {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const perPage = options.pageSize ?? this.deps.parameters.get('ITEMS_PER_LIST');
    const page = Math.max(1, Math.floor(options.page ?? 1));
    const words = foldText(options.filter ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const field = options.sort?.field ?? 'dateCreated';
    const direction = (options.sort?.direction ?? (options.sort ? 'ASC' : 'DESC')) === 'DESC' ? -1 : 1;
    // The `_id` tie-breaker follows the direction, so that one index per field serves both (decision 0155).
    const sort = { [field]: direction, _id: direction } as const;
    if (words.length === 0) {
      const found = await seekPage(this.users, {}, sort, { page, after: options.after, pageSize: perPage });
      return { items: found.items, totalItems: found.totalItems, perPage, pageNumber: found.page, next: found.next };
    }
    const cursor = options.after === undefined || options.after === null ? null : readPageCursor(options.after, sort);
    // Each word typed is the beginning of a word of the user's names or e-mail: anchored prefixes the
    // searchWords index bounds. The matches (at most SEARCH_MATCH_CAP) are sorted here.
    const query = { $and: words.map((word) => ({ searchWords: { $regex: `^${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` } })) };
    const matches = await this.users.find(query, { limit: SEARCH_MATCH_CAP + 1 });
    if (matches.length > SEARCH_MATCH_CAP) throw validationFailed({ filter: 'userSearchTooBroad' });
    const valuesOf = (user: UserDoc): unknown[] => [(user as unknown as Record<string, unknown>)[field], user._id];
    const order = (x: unknown[], y: unknown[]): number => {
      for (const [index, a] of x.entries()) {
        const b = y[index] as string | number | Date;
        if ((a as string | number | Date) < b) return -direction;
        if ((a as string | number | Date) > b) return direction;
      }
      return 0;
    };
    matches.sort((a, b) => order(valuesOf(a), valuesOf(b)));
    const number = cursor ? cursor.page : page;
    const start = cursor ? matches.findIndex((user) => order(valuesOf(user), cursor.after) > 0) : (number - 1) * perPage;
    const items = start < 0 ? [] : matches.slice(start, start + perPage);
    const last = number < totalPagesOf(matches.length, perPage) && items.length === perPage ? items.at(-1) : undefined;
    return { items, totalItems: matches.length, perPage, pageNumber: number, next: pageCursor(number, sort, last as Record<string, unknown> | undefined) };
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
      // An administrator's block has no end (a lockout's end is the login failures' business).
      ...(status === 'BLOCKED_BY_FAILS' && user.status !== 'BLOCKED_BY_FAILS' ? { lockedUntil: null } : {}),
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
    if (status === 'ACTIVE' && user.status !== 'ACTIVE') await this.sessions.clearLoginFailures(user.email);
    // Tokens carry the role: a new role (or a block) takes effect at the next sign-in.
    if (data.role !== user.role || status === 'BLOCKED_BY_FAILS') await this.sessions.endSessions({ userId: user._id });
    return saved;
  }

  async impersonalRegister(
    input: { user: Record<string, unknown>; promotionalAds?: number | null; planLevel?: string | null },
    caller: Caller,
  ): Promise<UserDoc> {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const data = checked(
      validate(impersonalRegistrationSchema, {
        user: input.user,
        plan: { planLevel: input.planLevel ?? undefined, totalOpportunities: input.promotionalAds ?? undefined },
      }),
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
      [
        [
          impersonalUserRegistered as EventDefinition<never>,
          { registeredBy: me._id, plan: { promotionalAds: data.plan.totalOpportunities, planLevel: data.plan.planLevel } },
        ],
      ],
      me._id,
      {
        actor: { id: me._id, role: me.role },
        action: 'IMPERSONAL_REGISTRATION',
        target: { type: 'USER', id: userId, label: u.email },
        before: null,
        after: {
          email: u.email,
          fullName: fullName({ ...u, merchantName: u.merchantName ?? null, lastName2: u.lastName2 ?? null } as UserDoc),
          role: u.role,
          promotionalAds: data.plan.totalOpportunities,
          planLevel: data.plan.planLevel,
        },
      },
    );
    await this.deps.mailer.send(
      linkMail('activation', { to: user.email, locale: user.language, publicUrl: this.deps.publicUrl, secret, key: `activate:${hash}` }),
    );
    return user;
  }
}

/** A merchant's business page data; none for a PERSON (also one that was a merchant before). */
export const dealerOf = (user: UserDoc): DealerInfo | null => (user.userType === 'CARS_SELLER_MERCHANT' ? (user.dealer ?? null) : null);

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
