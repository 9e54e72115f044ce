import {
  DEVICE_HEADER,
  isDeviceValue,
  dealerMapLinks,
  formatPhone,
  findCanton,
  findDistrict,
  findProvince,
  pageSizeOf,
  totalPagesOf,
  type DealerInfo,
} from '@ruedas/domain';
import { DateTimeScalar, forbidden, validationFailed, type RequestContext, type Resolvers, type SessionGuard } from '@ruedas/platform';
import { dealerOf, maintainsUsers, type Accounts, type Caller } from './accounts';
import type { UserDoc } from './store';

type Args = Record<string, unknown>;

const sessionUser = (user: UserDoc) => ({
  id: user._id,
  name: user.name,
  lastName: user.lastName,
  lastName2: user.lastName2,
  role: user.role,
  isLogged: true,
  isAdmin: user.role === 'ADMINISTRATOR',
  isImpersonalizator: user.role === 'IMPERSONALIZATOR',
  language: user.language,
});

/** Fields of User only the user, administrators and impersonators may read. */
const PRIVATE_FIELDS = [
  'email',
  'phoneList',
  'province',
  'canton',
  'district',
  'language',
  'idType',
  'identification',
  'role',
  'status',
  'isAdmin',
  'isImpersonalizator',
  'impersonal',
  'dateCreated',
  'createdAt',
] as const;

/** How each private field is read. */
const PRIVATE_READS: Record<(typeof PRIVATE_FIELDS)[number], (user: UserDoc) => unknown> = {
  email: (u) => u.email,
  phoneList: (u) => u.phoneList,
  province: (u) => u.province,
  canton: (u) => u.canton,
  district: (u) => u.district,
  language: (u) => u.language,
  idType: (u) => u.idType,
  identification: (u) => u.identification,
  role: (u) => u.role,
  status: (u) => u.status,
  isAdmin: (u) => u.role === 'ADMINISTRATOR',
  isImpersonalizator: (u) => u.role === 'IMPERSONALIZATOR',
  impersonal: (u) => u.impersonal,
  dateCreated: (u) => u.dateCreated.toISOString(),
  createdAt: (u) => u.dateCreated,
};

export function identityResolvers(accounts: Accounts, guard: SessionGuard): Resolvers {
  const caller = async (ctx: RequestContext): Promise<Caller> => {
    const device = ctx.headers[DEVICE_HEADER];
    return {
      viewer: await guard.optionalViewer(ctx),
      clientAddress: ctx.clientAddress,
      device: isDeviceValue(device) ? device : null,
      ...(ctx.rateLimits ? { rateLimits: ctx.rateLimits } : {}),
    };
  };

  const callers = new WeakMap<RequestContext, Promise<UserDoc>>();
  /** The caller's account, read once per request. */
  const self = (ctx: RequestContext): Promise<UserDoc> => {
    let me = callers.get(ctx);
    if (!me) {
      me = caller(ctx).then((c) => accounts.self(c));
      callers.set(ctx, me);
    }
    return me;
  };

  /** Reads a private field of `user` once the caller may see it (itself, admin, impersonator). */
  // A visitor (no token) gets FORBIDDEN at that field only, not 0003: the rest of the answer (the ad
  // around `user { email }`) stands. A token that is no longer valid still answers 0003.
  const privateField = (read: (user: UserDoc) => unknown) => async (user: UserDoc, _args: Args, ctx: RequestContext) => {
    if (!(await guard.optionalViewer(ctx))) throw forbidden();
    const me = await self(ctx);
    if (me._id !== user._id && !maintainsUsers(me.role)) throw forbidden();
    return read(user);
  };

  return {
    DateTime: DateTimeScalar,
    // Upper-case values are the convention; the lower-case ones stay accepted (deprecated) and are
    // still what answers carry, so existing clients read what they always did (decision 0070).
    Language: { ES: 'es', EN: 'en', es: 'es', en: 'en' },
    // One format for a phone wherever the API answers it: "8888-1234" (issue 32 item 11).
    Phone: { phone: (entry: { phone: string }) => formatPhone(entry.phone) },
    UserSortField: { NAME: 'name', LAST_NAME: 'lastName', EMAIL: 'email', ROLE: 'role', STATUS: 'status', DATE_CREATED: 'dateCreated' },
    UserPage: {
      page: (page: { pageNumber: number }) => page.pageNumber,
      pageSize: (page: { perPage: number }) => page.perPage,
      totalPages: (page: { totalItems: number; perPage: number }) => totalPagesOf(page.totalItems, page.perPage),
    },
    User: {
      __resolveReference: (reference: { id: string }) => accounts.byId(reference.id),
      id: (user: UserDoc) => user._id,
      fullName: (user: UserDoc) =>
        user.userType === 'CARS_SELLER_MERCHANT' && user.merchantName
          ? user.merchantName
          : [user.name, user.lastName, user.lastName2].filter(Boolean).join(' '),
      ...Object.fromEntries(PRIVATE_FIELDS.map((field) => [field, privateField(PRIVATE_READS[field])])),
      dealerInfo: (user: UserDoc) => dealerOf(user),
    },
    DealerInfo: {
      googleMapsUrl: (info: DealerInfo) => dealerMapLinks(info).google,
      wazeUrl: (info: DealerInfo) => dealerMapLinks(info).waze,
      // Issue 12 (decision 0114): the seller page shows them without loading the 484 districts.
      provinceName: (info: DealerInfo) => findProvince(info.province)?.name ?? '',
      cantonName: (info: DealerInfo) => findCanton(info.canton)?.name ?? '',
      districtName: (info: DealerInfo) => findDistrict(info.district)?.name ?? '',
    },
    Query: {
      me: async (_: unknown, _args: Args, ctx: RequestContext) => accounts.self(await caller(ctx)),
      user: async (_: unknown, args: { id: string }, ctx: RequestContext) => accounts.profiles.readUser(args.id, await caller(ctx)),
      sellerInfo: (_: unknown, args: { sellerId: string }) => accounts.profiles.sellerInfo(args.sellerId),
      users: async (_: unknown, args: Args, ctx: RequestContext) => {
        const size = pageSizeOf(args.pageSize, 0);
        if ('error' in size) throw validationFailed({ pageSize: size.error });
        return accounts.profiles.list({ ...(args as Parameters<Accounts['profiles']['list']>[0]), pageSize: size.size || null }, await caller(ctx));
      },
      registrationCaptcha: (_: unknown, _args: Args, ctx: RequestContext) => {
        const { provider, siteKey } = accounts.registration.registrationCaptcha(ctx.clientAddress);
        return { provider: provider.toUpperCase(), siteKey };
      },
    },
    Mutation: mutations(accounts, guard, caller),
  };
}

/** Registration, sign-in and out, password reset, profile and the staff's user maintenance. */
function mutations(accounts: Accounts, guard: SessionGuard, caller: (ctx: RequestContext) => Promise<Caller>) {
  return {
    register: async (_: unknown, args: { input: Args; captchaToken?: string | null }, ctx: RequestContext) => {
      await accounts.registration.register(args.input, args.captchaToken ?? null, await caller(ctx));
      return true;
    },
    confirmAccount: async (_: unknown, args: { link: string }) => {
      await accounts.registration.confirmAccount(args.link);
      return true;
    },
    login: async (_: unknown, args: { email: string; password: string }, ctx: RequestContext) => {
      const { token, expiresAt, user } = await accounts.sessions.login(args, await caller(ctx));
      return { token, expiresAt: expiresAt.toISOString(), validUntil: expiresAt, user: sessionUser(user) };
    },
    logout: async (_: unknown, _args: Args, ctx: RequestContext) => {
      await accounts.sessions.logout({ viewer: await guard.viewer(ctx), clientAddress: ctx.clientAddress });
      return true;
    },
    requestPasswordReset: async (_: unknown, args: { email: string; locale?: string }, ctx: RequestContext) => {
      await accounts.passwordReset.requestPasswordReset({ email: args.email, locale: args.locale }, await caller(ctx));
      return true;
    },
    resetPassword: async (_: unknown, args: { token: string; password: string; passwordConfirm?: string | null }) => {
      await accounts.passwordReset.resetPassword(args);
      return true;
    },
    updateMyProfile: async (_: unknown, args: { input: Args }, ctx: RequestContext) => accounts.profiles.updateMyProfile(args.input, await caller(ctx)),
    changeLanguage: async (_: unknown, args: { language: string }, ctx: RequestContext) => accounts.profiles.changeLanguage(args.language, await caller(ctx)),
    adminUpdateUser: async (_: unknown, args: { input: Args & { id: string } }, ctx: RequestContext) =>
      accounts.profiles.adminUpdate(args.input, await caller(ctx)),
    updateDealerInfo: async (_: unknown, args: { userId?: string | null; input: Args }, ctx: RequestContext) =>
      accounts.profiles.updateDealerInfo(args.userId, args.input, await caller(ctx)),
    impersonalRegister: async (_: unknown, args: { input: Parameters<Accounts['profiles']['impersonalRegister']>[0] }, ctx: RequestContext) =>
      accounts.profiles.impersonalRegister(args.input, await caller(ctx)),
  };
}
