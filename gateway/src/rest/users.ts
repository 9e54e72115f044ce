import type { RestRequest, RestRoute } from './route';
import {
  adminUpdateBodySchema,
  allUsers,
  impersonalBodySchema,
  legacyAdminUpdate,
  legacyImpersonal,
  legacyProfile,
  legacyRegistration,
  profileBodySchema,
  registerBodySchema,
  sellerInfoSchema,
  USER_FIELDS,
  userSchema,
  USERS_PAGE,
} from './user-payloads';

/** Paths served by the identity subgraph (spec 01 §7, spec 02 users maintenance). */
const object = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
/** A body that is the value itself (a JSON string, or plain text). */
const text = (body: unknown, field: string): string => (typeof body === 'string' ? body : String(object(body)[field] ?? ''));
const DEALER_FIELDS = 'province canton district directions hours { day ranges { opens closes } } latitude longitude googleMapsUrl wazeUrl';
const ok = { type: 'boolean' };

const route = (r: Omit<RestRoute, 'tag'>): RestRoute => ({ tag: 'users', ...r });

export const userRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/users/login',
    summary: 'Sign in: the token and the session user',
    protected: false,
    operation:
      `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token expiresAt user { id name ` +
      `lastName lastName2 role isLogged isAdmin isImpersonalizator language } } }`,
    variables: ({ body }) => ({ email: String(object(body).email ?? ''), password: String(object(body).password ?? '') }),
    respond: (data) => {
      const login = data.login as { token: string; expiresAt: string; user: Record<string, unknown> };
      return { ...login.user, token: login.token, expiresAt: login.expiresAt };
    },
    responseSchema: {
      type: 'object',
      required: ['token', 'id', 'role', 'language'],
      properties: { token: { type: 'string' }, id: { type: 'string' }, role: { type: 'string' }, language: { type: 'string' } },
    },
    requestSchema: { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } },
  }),
  route({
    method: 'POST',
    path: '/users/logout',
    summary: 'End the session everywhere',
    protected: true,
    operation: 'mutation Logout { logout }',
    respond: (d) => d.logout,
    responseSchema: ok,
  }),
  route({
    method: 'PUT',
    path: '/users/protected/newLanguage',
    summary: 'Change the signed-in user language',
    protected: true,
    operation: 'mutation Language($language: Language!) { changeLanguage(language: $language) }',
    variables: ({ body }) => ({ language: text(body, 'language') }),
    respond: (d) => ({ language: d.changeLanguage }),
    responseSchema: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: ['es', 'en'] } } },
    requestSchema: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: ['es', 'en'] } } },
    requestText: 'The language code alone: es or en',
  }),
  route({
    method: 'POST',
    path: '/users/register',
    summary: 'Register; the confirmation link is mailed',
    protected: false,
    operation: 'mutation Register($input: RegistrationInput!, $captcha: String) { register(input: $input, captchaToken: $captcha) }',
    variables: ({ body }) => {
      const { callbacktoken, user } = object(body);
      return { input: legacyRegistration(object(user)), captcha: typeof callbacktoken === 'string' ? callbacktoken : null };
    },
    respond: (d) => d.register,
    responseSchema: ok,
    requestSchema: registerBodySchema,
  }),
  route({
    method: 'POST',
    path: '/users/accountConfirm',
    summary: 'Activate an account with its mailed link',
    protected: false,
    operation: 'mutation Confirm($link: String!) { confirmAccount(link: $link) }',
    variables: ({ body }) => ({ link: text(body, 'link') }),
    respond: (d) => d.confirmAccount,
    responseSchema: ok,
    requestSchema: {
      type: 'object',
      required: ['link'],
      properties: { link: { type: 'string', description: 'The code of the mailed link (/accountConfirmed/{link})' } },
    },
    requestText: 'The link code alone',
  }),
  route({
    method: 'POST',
    path: '/users/passwordResetGenerateEmail/:email/:locale',
    summary: 'Mail a reset link (always the neutral answer)',
    protected: false,
    operation: 'mutation ResetRequest($email: String!, $locale: Language) { requestPasswordReset(email: $email, locale: $locale) }',
    variables: ({ params }: RestRequest) => ({ email: params.email, locale: params.locale === 'en' ? 'en' : 'es' }),
    respond: (d) => d.requestPasswordReset,
    responseSchema: ok,
  }),
  route({
    method: 'POST',
    path: '/users/passwordReset',
    summary: 'Set a new password from a reset link',
    protected: false,
    operation: 'mutation Reset($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }',
    variables: ({ body }) => ({ token: String(object(body).token ?? ''), password: String(object(body).password ?? '') }),
    respond: (d) => d.resetPassword,
    responseSchema: ok,
    requestSchema: {
      type: 'object',
      required: ['token', 'password'],
      properties: { token: { type: 'string', description: 'The code of the mailed reset link' }, password: { type: 'string', minLength: 8, maxLength: 64 } },
    },
  }),
  route({
    method: 'GET',
    path: '/users/sellerInfo/:sellerId',
    summary: 'Seller name and phones; for a dealer also its address, opening hours and map links (`dealer`, null otherwise)',
    protected: false,
    operation: `query Seller($id: ID!) { sellerInfo(sellerId: $id) { fullName phones { phone phoneType } dealer { ${DEALER_FIELDS} } } }`,
    variables: ({ params }) => ({ id: params.sellerId }),
    respond: (d) => d.sellerInfo,
    responseSchema: sellerInfoSchema,
  }),
  route({
    method: 'GET',
    path: '/users/protected/all',
    summary:
      'Every user, for administrators and impersonators: the whole list (the spec\'s "all users"), optionally filtered (`filter`: name, last names or ' +
      'e-mail) and sorted (`sort=field:asc|desc`)',
    protected: true,
    operation: USERS_PAGE,
    run: async (execute, { query }) => allUsers(execute, query),
    query: {
      filter: { type: 'string', description: 'Matches the name, last names or e-mail (case- and accent-insensitive)' },
      sort: {
        type: 'string',
        pattern: '^(name|lastName|email|role|status|dateCreated)(:(asc|desc|ASC|DESC))?$',
        description: 'field:asc or field:desc (newest first by default)',
      },
    },
    respond: (d) => d,
    responseSchema: { type: 'array', items: userSchema },
  }),
  route({
    method: 'PUT',
    path: '/users/protected/updateMyProfile',
    summary: "Update one's own profile",
    protected: true,
    operation: `mutation Profile($input: ProfileInput!) { updateMyProfile(input: $input) { ${USER_FIELDS} } }`,
    variables: ({ body }) => ({ input: legacyProfile(object(body)) }),
    respond: (d) => d.updateMyProfile,
    responseSchema: userSchema,
    requestSchema: profileBodySchema,
  }),
  route({
    method: 'PUT',
    path: '/users/protected/adminUpdate',
    summary: 'Edit any user (administrators)',
    protected: true,
    operation: `mutation AdminUpdate($input: AdminUserInput!) { adminUpdateUser(input: $input) { ${USER_FIELDS} } }`,
    variables: ({ body }) => ({ input: legacyAdminUpdate(object(body)) }),
    respond: (d) => d.adminUpdateUser,
    responseSchema: userSchema,
    requestSchema: adminUpdateBodySchema,
  }),
  route({
    method: 'POST',
    path: '/users/impersonalRegister',
    summary: 'Register a person on their behalf, with promotional ads',
    protected: true,
    operation: `mutation Impersonal($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { ${USER_FIELDS} } }`,
    variables: ({ body }) => {
      const { user, plan } = object(body);
      return { input: legacyImpersonal(object(user), object(plan)) };
    },
    respond: (d) => d.impersonalRegister,
    responseSchema: userSchema,
    requestSchema: impersonalBodySchema,
  }),
  route({
    method: 'GET',
    path: '/users/protected/:userId',
    summary: 'Read a user (oneself, or anyone for administrators)',
    protected: true,
    operation: `query User($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.userId }),
    respond: (d) => d.user,
    responseSchema: userSchema,
  }),
];
