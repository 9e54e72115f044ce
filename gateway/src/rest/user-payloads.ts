import { ID_TYPES, LANGUAGES, LEVEL_BY_CODE, LEVEL_CODES, PHONE_TYPES, ROLES, USER_STATUSES, USER_TYPES, WEEKDAYS, type LevelCode } from '@ruedas/domain';
import { InvalidFields, type RestExecute } from './route';

/**
 * The legacy user payloads of spec 01 §7 and 02 §7 as GraphQL inputs, and their OpenAPI schemas.
 * The legacy client's forms ask for the password confirmation, the agreement and the truth
 * declaration themselves and send only the spec's User entity (decision 0071): the facade takes a
 * field it leaves out as what that form required, and keeps refusing one sent with another value.
 */

export const USER_FIELDS =
  'id name lastName lastName2 fullName userType merchantName email phoneList { phone phoneType } province canton district language idType ' +
  'identification role status isAdmin isImpersonalizator impersonal dateCreated';
export const PROFILE_KEYS = [
  'userType',
  'merchantName',
  'name',
  'lastName',
  'lastName2',
  'phoneList',
  'language',
  'province',
  'canton',
  'district',
  'idType',
  'identification',
];

/** The keys of `source` that are given (not undefined; nor null unless `keepNull`). */
export function pick(source: Record<string, unknown>, keys: string[], keepNull = true): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined && (keepNull || source[key] !== null)).map((key) => [key, source[key]]));
}

/**
 * A `phoneList` as the legacy client may send it: the list itself, or the list as JSON text (as the
 * spec writes it for ads, 02 §4). Text that is not such a list is refused naming the field.
 */
export function legacyPhoneList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // answered below
  }
  throw new InvalidFields({ phoneList: 'invalidPhone' });
}

/** The user keys of a legacy body, with `phoneList` taken as a list or its JSON text. */
function pickUser(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const input = pick(source, keys, false);
  if (input.phoneList !== undefined) input.phoneList = legacyPhoneList(input.phoneList);
  return input;
}

/** A plan level as the legacy clients send it: the name, or its code (FREE 1, BRONZE 2, SILVER 3, GOLD 4), as a number or text. */
export function legacyLevel(value: unknown): unknown {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    const found = LEVEL_BY_CODE[Number(value) as LevelCode];
    if (found) return found;
  }
  return value;
}

/** `user` of `POST /users/register`: a missing confirmation is the password; a missing agreement was ticked in the legacy form. */
export function legacyRegistration(user: Record<string, unknown>): Record<string, unknown> {
  // The registration form has no identification (it is given later, in the profile).
  const input = pickUser(user, [
    ...PROFILE_KEYS.filter((key) => key !== 'idType' && key !== 'identification'),
    'email',
    'password',
    'passwordConfirm',
    'agreement',
  ]);
  if (input.passwordConfirm === undefined && input.password !== undefined) input.passwordConfirm = input.password;
  if (input.agreement === undefined) input.agreement = true;
  return input;
}

/**
 * The body of `PUT /users/protected/updateMyProfile`: the user object as `GET /users/protected/{id}`
 * answers it (read-only fields such as id, email, role and status are ignored; null means not given),
 * plus `newPassword` (with `currentPassword`) to change the password. The spec's body (02 §4 User:
 * `password` and `newPassword`) names the current password `password`: it is taken as
 * `currentPassword` when that is not given. A missing `truthDeclaration` was ticked in the legacy
 * form; `false` is refused (`agreementNotChecked`).
 */
export function legacyProfile(body: Record<string, unknown>): Record<string, unknown> {
  const input = pickUser(body, [...PROFILE_KEYS, 'currentPassword', 'newPassword', 'newPasswordConfirm', 'truthDeclaration']);
  const changing = typeof input.newPassword === 'string' && input.newPassword.trim() !== '';
  if (changing && input.currentPassword === undefined && typeof body.password === 'string' && body.password !== '') input.currentPassword = body.password;
  if (input.truthDeclaration === undefined) input.truthDeclaration = true;
  if (input.newPasswordConfirm === undefined && typeof input.newPassword === 'string') input.newPasswordConfirm = input.newPassword;
  return input;
}

/** The fields of `PUT /users/protected/adminUpdate` (the user object; the others are ignored). */
export const legacyAdminUpdate = (body: Record<string, unknown>) => pickUser(body, ['id', ...PROFILE_KEYS, 'email', 'role', 'status']);

/** The input of `POST /users/impersonalRegister` from the body `{ user, plan }` (plan level as name or code). */
export function legacyImpersonal(user: Record<string, unknown>, plan: Record<string, unknown>) {
  return {
    user: pickUser(user, [...PROFILE_KEYS, 'email']),
    promotionalAds: plan.totalOpportunities ?? plan.promotionalAds ?? null,
    planLevel: legacyLevel(plan.planLevel ?? null),
  };
}

export const USERS_PAGE =
  `query Users($filter: String, $sort: UserSort, $page: Int) { users(filter: $filter, sort: $sort, page: $page) { items ` +
  `{ ${USER_FIELDS} } totalItems perPage pageNumber } }`;

interface UsersPage {
  items: Array<{ id: string }>;
  totalItems: number;
  perPage: number;
}

/** Every user matching `filter`, in `sort` order (`field:asc|desc`): the users pages read in turn and joined. */
export async function allUsers(execute: RestExecute, query: Record<string, string | undefined>): Promise<unknown[]> {
  const [field, direction] = (query.sort ?? '').split(':');
  const variables = { filter: query.filter ?? null, sort: field ? { field, direction: direction?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' } : null };
  const first = (await execute(USERS_PAGE, { ...variables, page: 1 })).users as UsersPage;
  const pages = Math.ceil(first.totalItems / Math.max(1, first.perPage));
  const items = [...first.items];
  // A few pages at a time: the list is read as one answer without flooding the identity service.
  for (let page = 2; page <= pages; page += 8) {
    const batch = Array.from({ length: Math.min(8, pages - page + 1) }, (_, index) => execute(USERS_PAGE, { ...variables, page: page + index }));
    for (const data of await Promise.all(batch)) items.push(...(data.users as UsersPage).items);
  }
  // A user created while the pages were read may shift one onto the next page: once each.
  const seen = new Set<string>();
  return items.filter((user) => !seen.has(user.id) && seen.add(user.id));
}

const text = { type: 'string' };
export const phoneSchema = {
  type: 'object',
  required: ['phone'],
  properties: { phone: { type: 'string', description: 'Costa Rica number, e.g. 8888-1234' }, phoneType: { type: 'string', enum: [...PHONE_TYPES] } },
};
const phonesSchema = {
  anyOf: [
    { type: 'array', minItems: 1, maxItems: 5, items: phoneSchema },
    { type: 'string', description: 'The same list as JSON text, e.g. [{"phone":"8888-1234","phoneType":"WHATSAPP"}]' },
  ],
};

/** The user as the facade answers it (spec 01 §4 User, without the password). */
export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'lastName', 'fullName', 'userType', 'email', 'role', 'status', 'language'],
  properties: {
    id: text,
    name: text,
    lastName: text,
    lastName2: { type: 'string', description: 'Empty when the person has none' },
    fullName: { type: 'string', description: 'Merchant name for a merchant, otherwise the name and surnames' },
    userType: { type: 'string', enum: [...USER_TYPES] },
    merchantName: { type: 'string', description: 'Empty for a PERSON' },
    email: text,
    phoneList: { type: 'array', items: phoneSchema },
    province: { type: 'string', description: 'Province code (1 to 7)' },
    canton: { type: 'string', description: 'Canton code' },
    district: { type: 'string', description: 'District code' },
    language: { type: 'string', enum: [...LANGUAGES] },
    idType: { type: ['string', 'null'], enum: [...ID_TYPES, null] },
    identification: text,
    role: { type: 'string', enum: [...ROLES] },
    status: { type: 'string', enum: [...USER_STATUSES] },
    isAdmin: { type: 'boolean' },
    isImpersonalizator: { type: 'boolean' },
    impersonal: { type: 'boolean', description: 'Registered on the person’s behalf' },
    dateCreated: { type: 'string', format: 'date-time' },
  },
};

const personProperties = {
  userType: { type: 'string', enum: [...USER_TYPES] },
  merchantName: { type: 'string', description: 'Required for CARS_SELLER_MERCHANT' },
  name: text,
  lastName: text,
  lastName2: text,
  phoneList: phonesSchema,
  language: { type: 'string', enum: [...LANGUAGES], description: 'es when left out' },
  province: text,
  canton: text,
  district: text,
};
const identityProperties = { idType: { type: ['string', 'null'], enum: [...ID_TYPES, null] }, identification: text };

export const registerBodySchema = {
  type: 'object',
  required: ['user'],
  properties: {
    callbacktoken: { type: ['string', 'null'], description: 'The captcha answer; not needed from the local machine or without a captcha provider' },
    ekey: { type: ['string', 'null'], description: 'Accepted and ignored (the legacy client’s key)' },
    user: {
      type: 'object',
      required: ['userType', 'name', 'lastName', 'email', 'password', 'phoneList'],
      properties: {
        ...personProperties,
        email: { type: 'string', format: 'email', maxLength: 64 },
        password: { type: 'string', minLength: 8, maxLength: 64 },
        passwordConfirm: { type: 'string', description: 'Optional: taken as `password` when left out' },
        agreement: { type: 'boolean', description: 'Optional: the legacy form’s ticked agreement when left out; false is refused (agreementNotChecked)' },
      },
    },
  },
};

export const profileBodySchema = {
  type: 'object',
  description:
    'The user object as `GET /users/protected/{userId}` answers it (id, email, role, status and the other read-only fields are ignored; null means ' +
    'not given), with `newPassword` and `currentPassword` to change the password.',
  properties: {
    ...personProperties,
    ...identityProperties,
    currentPassword: { type: 'string', description: 'Required with newPassword' },
    password: { type: 'string', description: 'The current password, as the spec names it (taken as currentPassword when that is not given)' },
    newPassword: { type: 'string', description: 'Blank or absent keeps the password' },
    newPasswordConfirm: { type: 'string', description: 'Optional: taken as newPassword when left out' },
    truthDeclaration: {
      type: 'boolean',
      description: 'Optional: the legacy form’s ticked declaration when left out; false is refused with fields.truthDeclaration = agreementNotChecked',
    },
  },
};

export const adminUpdateBodySchema = {
  type: 'object',
  required: ['id'],
  description: 'The user object with its changes (as GET /users/protected/{userId} answers it); the other fields are ignored.',
  properties: {
    id: text,
    ...personProperties,
    ...identityProperties,
    email: { type: 'string', format: 'email' },
    role: { type: 'string', enum: [...ROLES] },
    status: { type: 'string', enum: [...USER_STATUSES], description: 'ACTIVE unblocks a BLOCKED_BY_FAILS account' },
  },
};

export const impersonalBodySchema = {
  type: 'object',
  required: ['user'],
  properties: {
    user: {
      type: 'object',
      required: ['userType', 'name', 'lastName', 'email', 'phoneList'],
      properties: { ...personProperties, ...identityProperties, email: { type: 'string', format: 'email' } },
    },
    plan: {
      type: ['object', 'null'],
      description: 'Promotional ads given with the account',
      properties: {
        planLevel: {
          anyOf: [
            { type: 'string', enum: ['GOLD', 'SILVER', 'BRONZE'] },
            { type: 'integer', enum: [LEVEL_CODES.BRONZE, LEVEL_CODES.SILVER, LEVEL_CODES.GOLD], description: 'BRONZE 2, SILVER 3, GOLD 4' },
          ],
        },
        totalOpportunities: { type: 'integer', minimum: 0 },
      },
    },
  },
};

export const sellerInfoSchema = {
  type: 'object',
  required: ['fullName', 'phones', 'dealer'],
  properties: {
    fullName: { type: 'string', description: 'Merchant name for a merchant, otherwise the name and surnames' },
    phones: { type: 'array', items: phoneSchema },
    dealer: {
      type: ['object', 'null'],
      description: "A merchant's business page (issue 13); null for a private person or when not given",
      properties: {
        province: { type: 'string' },
        canton: { type: 'string' },
        district: { type: 'string' },
        directions: { type: 'string', description: 'Street directions' },
        hours: {
          type: 'array',
          description: 'The seven weekdays, Monday first; no ranges means closed (Costa Rica time)',
          items: {
            type: 'object',
            properties: {
              day: { type: 'string', enum: [...WEEKDAYS] },
              ranges: {
                type: 'array',
                items: { type: 'object', properties: { opens: { type: 'string', description: 'HH:MM' }, closes: { type: 'string', description: 'HH:MM' } } },
              },
            },
          },
        },
        latitude: { type: ['number', 'null'] },
        longitude: { type: ['number', 'null'] },
        googleMapsUrl: { type: 'string' },
        wazeUrl: { type: 'string' },
      },
    },
  },
};
