import { AUDIT_TARGET_TYPES, STAFF_ACTIONS } from './audit';
import { API_ERROR_CODES } from './errors';
import { COMPLAINT_CATEGORIES, COMPLAINT_OUTCOMES } from './validation/complaint';
import {
  AD_STATUSES,
  CLICK_TYPES,
  CURRENCIES,
  FUEL_TYPES,
  ID_TYPES,
  INVOICE_STATUSES,
  LANGUAGES,
  LEVELS,
  MILEAGE_UNITS,
  PAYMENT_METHODS,
  PHONE_TYPES,
  PLAN_LEVELS,
  ROLES,
  STYLES,
  TRANSMISSION_TYPES,
  USER_STATUSES,
  USER_TYPES,
} from './enums';

/**
 * The API's enumerations that are the domain's: the one place their GraphQL descriptions are
 * written. Each subgraph's typeDefs get these enums rendered from this table (platform's
 * `domainEnumTypeDefs`), never a copy in its .graphql file. The API names values in
 * UPPER_SNAKE_CASE: a domain value in another case (the languages es, en) is ES, EN there, its own
 * spelling kept only as a deprecated value (issue 18, decision 0070).
 */
export interface GraphqlEnum<V extends string = string> {
  /** The enum's description in the API. */
  description: string;
  /** The domain's values, in their order. */
  domain: readonly V[];
  /** Each value's description, by its API name. */
  values: Record<Uppercase<V>, string>;
  /** Descriptions of the deprecated spellings of values not written in upper case. */
  deprecated?: Partial<Record<V, string>>;
}

const graphqlEnum = <const V extends string>(entry: GraphqlEnum<V>): GraphqlEnum<V> => entry;

export const GRAPHQL_ENUMS = {
  OpportunityStatus: graphqlEnum({
    description: `Life of an ad (DECISIONS.md, Ad statuses). Public (visible, searchable) means PUBLIC_ONLINE or
MODIFIED. An owner sees six of them (not APPROVED, RENEWED, which are passing steps); admins all eight.`,
    domain: AD_STATUSES,
    values: {
      PUBLIC_ONLINE: 'Public: shown in lists and search.',
      PENDING_APPROVAL: `Waiting for an administrator's review (or for its payment).`,
      APPROVED: 'Approved by an administrator; a passing step on the way to PUBLIC_ONLINE.',
      MODIFIED: 'Public, edited by its owner since, and back in the review queue.',
      REJECTED: 'Refused by an administrator (the reason is in `rejectionReason`).',
      SOLD: 'Sold, as its owner marked it; final for the owner.',
      EXPIRED: 'Its period of life ended; the owner may renew it.',
      RENEWED: 'Renewed for another period; a passing step on the way to PUBLIC_ONLINE.',
    },
  }),
  Level: graphqlEnum({
    description: 'FREE 1, BRONZE 2, SILVER 3, GOLD 4 (same values as the listings subgraph).',
    domain: LEVELS,
    values: {
      FREE: 'Free ad: 4 photos.',
      BRONZE: 'Paid level 2: 8 photos.',
      SILVER: 'Paid level 3: 12 photos.',
      GOLD: 'Paid level 4: 20 photos, the home carousel and a custom message.',
    },
  }),
  PlanLevel: graphqlEnum({
    description: 'The levels a prepaid plan can be bought in (same values as the identity subgraph). A purchase defaults to GOLD.',
    domain: PLAN_LEVELS,
    values: {
      GOLD: 'Plan of GOLD ads (top of every list, carousel).',
      SILVER: 'Plan of SILVER ads.',
      BRONZE: 'Plan of BRONZE ads.',
    },
  }),
  Role: graphqlEnum({
    description: `What a person may do. ADVERTISER is the default; TESTUSER has the same rights and is left out of
statistics; ADMINISTRATOR is the only role with \`isAdmin\`; IMPERSONALIZATOR maintains users and
registers people on their behalf, and nothing else.`,
    domain: ROLES,
    values: {
      ADVERTISER: 'Publishes ads and buys plans; the role of every registered person.',
      TESTUSER: 'An advertiser for trying things out: same rights, left out of statistics.',
      ADMINISTRATOR: 'Staff: reviews ads, maintains users, parameters and payments.',
      IMPERSONALIZATOR: 'Staff that maintains users and registers people on their behalf, and nothing else.',
    },
  }),
  UserStatus: graphqlEnum({
    description: 'State of an account: NOT_CONFIRMED until the mailed link is used; BLOCKED_BY_FAILS after repeated failed logins.',
    domain: USER_STATUSES,
    values: {
      ACTIVE: 'May sign in.',
      NOT_CONFIRMED: 'Registered; the mailed confirmation link has not been used yet.',
      BLOCKED_BY_FAILS: 'Locked after repeated failed logins (or by an administrator) until the lockout ends or the password is reset.',
    },
  }),
  UserType: graphqlEnum({
    description: 'A private seller or a car dealer (who must give a merchant name).',
    domain: USER_TYPES,
    values: {
      PERSON: 'A private seller.',
      CARS_SELLER_MERCHANT: 'A car dealer, shown by its merchant name.',
    },
  }),
  PhoneType: graphqlEnum({
    description: 'What kind of line a phone number is.',
    domain: PHONE_TYPES,
    values: {
      COMERCIAL: 'A business line.',
      HOME: 'A landline at home.',
      MOBILE: 'A mobile phone (calls and SMS).',
      WHATSAPP: 'A mobile phone reachable on WhatsApp (the default).',
    },
  }),
  IdType: graphqlEnum({
    description: 'Identification types of an electronic invoice (same values as the identity subgraph).',
    domain: ID_TYPES,
    values: {
      NATIONAL_ID: 'Costa Rican national identity card (cédula física).',
      JURIDIC_ID: 'Company identity number (cédula jurídica).',
      RESIDENCE_ID: 'Residence card of a foreigner living in Costa Rica (DIMEX).',
      NITE: 'Tax number for people without another identification (NITE).',
      FOREIGN_ID: 'A foreign passport or identity document.',
      NONE: 'No identification given.',
    },
  }),
  Style: graphqlEnum({
    description: 'Body style (labels in @ruedas/domain).',
    domain: STYLES,
    values: {
      SEDAN: 'Sedan.',
      HATCHBACK: 'Hatchback.',
      COUPE: 'Coupé.',
      TODO_TERRENO_4X2: 'SUV with two-wheel drive (todo terreno 4x2).',
      TODO_TERRENO_4X4: 'SUV with four-wheel drive (todo terreno 4x4).',
      PICK_UP_4X2: 'Pick-up with two-wheel drive.',
      PICK_UP_4X4: 'Pick-up with four-wheel drive.',
      CONVERTIBLE: 'Convertible.',
      VAN: 'Van or minivan.',
      PANEL: 'Panel van (cargo).',
      CAMION: 'Truck (camión).',
    },
  }),
  FuelType: graphqlEnum({
    description: 'Fuel or power source.',
    domain: FUEL_TYPES,
    values: {
      GASOLINE: 'Petrol.',
      DIESEL: 'Diesel.',
      HYBRID: 'Hybrid (petrol and electric).',
      ELECTRIC: 'Battery electric.',
      LPG: 'Liquefied petroleum gas.',
    },
  }),
  TransmissionType: graphqlEnum({
    description: 'Gearbox.',
    domain: TRANSMISSION_TYPES,
    values: {
      AUTOMATIC: 'Automatic.',
      TIPTRONIC: 'Automatic with manual shifting (Tiptronic).',
      MANUAL: 'Manual.',
    },
  }),
  Currency: graphqlEnum({
    description: 'Currency of a price.',
    domain: CURRENCIES,
    values: {
      CRC: 'Costa Rican colón (₡).',
      USD: 'US dollar.',
    },
  }),
  MileageUnit: graphqlEnum({
    description: 'Unit of a mileage.',
    domain: MILEAGE_UNITS,
    values: {
      KM: 'Kilometres.',
      MI: 'Miles.',
    },
  }),
  PaymentMethod: graphqlEnum({
    description: 'How an invoice was paid.',
    domain: PAYMENT_METHODS,
    values: {
      CARD: `A card, on the payment provider's checkout.`,
      MOBILE_TRANSFER: 'A mobile transfer (SINPE Móvil), through the provider or confirmed by an administrator.',
    },
  }),
  InvoiceStatus: graphqlEnum({
    description: `Life of an invoice:
NEW (payable by card or transfer) -> PAID (card approved, or an admin confirmed the transfer);
NEW -> TRANSFER_PENDING (the seller gave a mobile-transfer reference) -> PAID, or back to NEW when
an admin rejects the reference; NEW -> VOID (replaced: the ad's level or quick approval changed, or a
plan covered the ad); PAID -> CANCELLED (the seller cancelled the ad within 1 day of payment; a
refund is recorded for an admin).`,
    domain: INVOICE_STATUSES,
    values: {
      NEW: 'Open: payable by card or transfer.',
      TRANSFER_PENDING: 'The seller gave a mobile-transfer reference; an administrator confirms or rejects it.',
      PAID: 'Paid.',
      VOID: `Replaced: the ad's level or quick approval changed, or a plan covered the ad.`,
      CANCELLED: 'Paid, then cancelled by the seller within 1 day; a refund is recorded.',
    },
  }),
  ContactClickType: graphqlEnum({
    description: 'How a visitor contacted a seller.',
    domain: CLICK_TYPES,
    values: {
      CONTACT_SELLER_BY_WHATSAPP: `The WhatsApp button of the ad's page.`,
    },
  }),
  ComplaintCategory: graphqlEnum({
    description: 'What a report says is wrong with an ad; OTHER needs the words (details).',
    domain: COMPLAINT_CATEGORIES,
    values: {
      SCAM: 'It looks like a scam: money asked up front, false details.',
      WRONG_DATA: "The car's details are wrong.",
      ALREADY_SOLD: 'The car is already sold.',
      DUPLICATE: 'The same car is offered in another ad.',
      OFFENSIVE: 'Offensive or inappropriate content.',
      OTHER: 'Another reason, told in the details.',
    },
  }),
  ComplaintOutcome: graphqlEnum({
    description: 'What an administrator did about a report, recorded in the audit trail.',
    domain: COMPLAINT_OUTCOMES,
    values: {
      NO_ACTION: 'Nothing was wrong with the ad: no action (the reporter weighs less next time).',
      AD_CHANGED: 'The ad was corrected.',
      AD_REMOVED: 'The ad was taken down.',
      SELLER_BLOCKED: 'The seller was blocked.',
    },
  }),
  StaffAction: graphqlEnum({
    description: 'A staff action recorded in the audit trail (docs/decisions/0034).',
    domain: STAFF_ACTIONS,
    values: {
      USER_UPDATED: 'A user edited by staff.',
      IMPERSONAL_REGISTRATION: 'A person registered on their behalf.',
      PARAMETER_CHANGED: 'A global parameter changed.',
      AD_STATUS_CHANGED: `An ad's status set by staff (review, rejection, any status).`,
      AD_UPDATED: 'An ad edited by staff.',
      COMPLAINT_RESOLVED: 'A complaint resolved.',
      TRANSFER_CONFIRMED: 'A transfer reference confirmed: the invoice is paid.',
      TRANSFER_REJECTED: 'A transfer reference refused.',
      PAYMENT_CANCELLED: `A paid ad's payment cancelled.`,
      REFUND_DONE: 'A refund marked carried out.',
    },
  }),
  AuditTargetType: graphqlEnum({
    description: 'What kind of record a staff action changed.',
    domain: AUDIT_TARGET_TYPES,
    values: {
      USER: 'A user account.',
      OPPORTUNITY: 'An ad.',
      PARAMETER: 'A global parameter.',
      COMPLAINT: 'A complaint.',
      INVOICE: 'An invoice.',
    },
  }),
  Language: graphqlEnum({
    description: `Interface and mail language. Send ES or EN; answers still carry the deprecated lower-case values
(es, en) until they are removed, so that existing clients keep reading them.`,
    domain: LANGUAGES,
    values: {
      ES: 'Spanish (the default).',
      EN: 'English.',
    },
    deprecated: { es: 'Spanish.', en: 'English.' },
  }),
  ErrorCode: graphqlEnum({
    description: `The codes of \`extensions.code\` in an error of this API (and \`code\` of a REST error answer), with what a
client should do. Every error also carries \`message\`, translated to the request's language (\`?lang=es|en\`, else
Accept-Language); VALIDATION carries \`extensions.fields\` (field → { messageKey, message }). Besides these, the spec's
numbered codes: "0001" wrong e-mail or password (ask again); "0002" account not confirmed (send the person to the
confirmation mail); "0003" session invalid or expired (sign in again, then retry); "0004" confirmation link not valid
(ask for a new one); "0005" account locked after failed sign-ins (wait the minutes the message names, or reset the password).`,
    domain: API_ERROR_CODES,
    values: {
      VALIDATION: 'Some input is not valid: show each message of `extensions.fields` beside its field, correct and send again.',
      FORBIDDEN: 'The caller may not do this to this record: do not retry; sign in as someone who may.',
      NOT_FOUND: 'No such record, or not visible to the caller: refresh what is shown; do not retry.',
      CONFLICT: "The record's state does not allow it (already sold, already reported, changed meanwhile): read it again and decide.",
      RATE_LIMITED: 'Too many requests: wait the seconds of the Retry-After header (or `extensions.params.retryAfter`), then retry.',
      PAYLOAD_TOO_LARGE: 'The request or file is too large: send less (smaller photos, fewer at once).',
      UNSUPPORTED_MEDIA: 'The content type is not accepted: send JSON, or the photo types the upload names.',
      UNAVAILABLE: 'A service is down or did not answer: retry later, with backoff; nothing was changed.',
      BAD_REQUEST: 'The request itself is malformed (e.g. a batch of operations): send one well-formed operation.',
      QUERY_TOO_LARGE: 'The query has too many tokens: split it into smaller queries.',
      QUERY_TOO_DEEP: 'The query is nested too deeply: ask for fewer levels.',
      QUERY_TOO_COMPLEX: 'The query asks for too much at once (aliases, directives or cost): split it.',
      GRAPHQL_PARSE_FAILED: 'The query is not valid GraphQL syntax: fix the query.',
      GRAPHQL_VALIDATION_FAILED: 'The query does not match the schema (an unknown field or argument): fix the query against this schema.',
      BAD_USER_INPUT: 'A variable has a value of the wrong type: fix the variable.',
      PERSISTED_QUERY_NOT_FOUND: 'The persisted query is not known by its hash: send it again with its full text.',
      INTERNAL_SERVER_ERROR: 'An unexpected fault (logged on the server): retry later; report it if it persists.',
    },
  }),
} as const satisfies Record<string, GraphqlEnum>;

/** The name in the API of an enumeration of the domain. */
export type GraphqlEnumName = keyof typeof GRAPHQL_ENUMS;
