/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A calendar day, ISO 8601 yyyy-MM-dd (e.g. 2026-11-25); a day of Costa Rica's calendar where it bounds a period. */
  Date: { input: string; output: string; }
  /** An instant, as ISO 8601 text in UTC with milliseconds, e.g. 2026-11-25T20:35:00.000Z. Accepted with any offset. */
  DateTime: { input: string; output: string; }
};

/** What a hint is about; the web writes it in the seller's language. */
export type AdInsightHintCode =
  /** Opened less than half as often as the similar ads' median (`value` views) in the period. */
  | 'FEWER_VIEWS_THAN_SIMILAR'
  /** Few photos: fewer than 3, or fewer than the similar ads' median (`value`, null when there are no similar ads). */
  | 'FEW_PHOTOS'
  /** Public for a week or more and not opened in the last 7 days: consider a lower price or a higher level. */
  | 'NO_VIEWS_IN_7_DAYS'
  /** The price is `value` percent above the estimated market price of similar cars. */
  | 'PRICE_ABOVE_MARKET'
  /** The price is `value` percent below the estimated market price of similar cars. */
  | 'PRICE_BELOW_MARKET';

/** An administrator's (or an impersonator's) edit of any user. */
export type AdminUserInput = {
  /** Canton code of the province. */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** District code of the canton. */
  district?: InputMaybe<Scalars['String']['input']>;
  /** The sign-in e-mail (ADMINISTRATOR only); unique, case-insensitive. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** The user to edit. */
  id: Scalars['ID']['input'];
  /** Kind of identification document. */
  idType?: InputMaybe<IdType>;
  /** Identification number, as the document shows it. */
  identification?: InputMaybe<Scalars['String']['input']>;
  /** Interface and mail language. */
  language?: InputMaybe<Language>;
  /** First surname. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Second surname; may be empty. */
  lastName2?: InputMaybe<Scalars['String']['input']>;
  /** Required for CARS_SELLER_MERCHANT, dropped for PERSON. */
  merchantName?: InputMaybe<Scalars['String']['input']>;
  /** Given name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 5 phones. */
  phoneList?: InputMaybe<Array<PhoneInput>>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
  /** What the user may do (ADMINISTRATOR only). */
  role?: InputMaybe<Role>;
  /** Setting ACTIVE unblocks a BLOCKED_BY_FAILS account. */
  status?: InputMaybe<UserStatus>;
  /** A private seller or a car dealer. */
  userType?: InputMaybe<UserType>;
};

/** How often a saved search mails its new matches. */
export type AlertFrequency =
  /** One mail a day (Costa Rica time) with the day's new matching ads. */
  | 'DAILY'
  /** One mail per new matching ad, as soon as it is public. */
  | 'INSTANT';

/** What kind of record a staff action changed. */
export type AuditTargetType =
  /** A complaint. */
  | 'COMPLAINT'
  /** An invoice. */
  | 'INVOICE'
  /** An ad. */
  | 'OPPORTUNITY'
  /** A global parameter. */
  | 'PARAMETER'
  /** A user account. */
  | 'USER';

/** Which captcha the registration form shows. */
export type CaptchaProvider =
  /** No captcha: `register` needs no `captchaToken`. */
  | 'NONE'
  /** Cloudflare Turnstile. */
  | 'TURNSTILE';

/** What a report says is wrong with an ad; OTHER needs the words (details). */
export type ComplaintCategory =
  /** The car is already sold. */
  | 'ALREADY_SOLD'
  /** The same car is offered in another ad. */
  | 'DUPLICATE'
  /** Offensive or inappropriate content. */
  | 'OFFENSIVE'
  /** Another reason, told in the details. */
  | 'OTHER'
  /** It looks like a scam: money asked up front, false details. */
  | 'SCAM'
  /** The car's details are wrong. */
  | 'WRONG_DATA';

/** A report of an ad. */
export type ComplaintInput = {
  /** What is wrong; OTHER when left out. */
  category?: InputMaybe<ComplaintCategory>;
  /** The reporter's words, at most 500 characters; required for OTHER, may be empty otherwise. */
  details?: Scalars['String']['input'];
  /** The reported ad's id (a public ad). */
  opportunityId: Scalars['ID']['input'];
};

/** What an administrator did about a report, recorded in the audit trail. */
export type ComplaintOutcome =
  /** The ad was corrected. */
  | 'AD_CHANGED'
  /** The ad was taken down. */
  | 'AD_REMOVED'
  /** Nothing was wrong with the ad: no action (the reporter weighs less next time). */
  | 'NO_ACTION'
  /** The seller was blocked. */
  | 'SELLER_BLOCKED';

/** How a visitor contacted a seller. */
export type ContactClickType =
  /** The WhatsApp button of the ad's page. */
  | 'CONTACT_SELLER_BY_WHATSAPP';

/** Currency of a price. */
export type Currency =
  /** Costa Rican colón (₡). */
  | 'CRC'
  /** US dollar. */
  | 'USD';

/** A weekday's opening hours to set. */
export type DealerDayInput = {
  /** The weekday; each at most once. */
  day: Weekday;
  /** At most two ranges, the second starting after the first ends; empty or left out: closed. */
  ranges?: InputMaybe<Array<OpeningRangeInput>>;
};

/**
 * A dealer's address, opening hours and map place. Rules (`@ruedas/domain` dealerInfoSchema): province,
 * canton and district of the reference data, nested; directions of 3 to 300 characters; a weekday left
 * out is closed. The map place is optional: `latitude` and `longitude` together, or `mapLink` (a pasted
 * Google Maps or Waze link, or "latitude, longitude"), which wins; it must lie in Costa Rica
 * (`coordinatesOutsideCostaRica`).
 */
export type DealerInfoInput = {
  /** Canton code within the province. */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** Street directions, 3 to 300 characters. */
  directions?: InputMaybe<Scalars['String']['input']>;
  /** District code within the canton. */
  district?: InputMaybe<Scalars['String']['input']>;
  /** Opening hours per weekday. */
  hours?: InputMaybe<Array<DealerDayInput>>;
  /** Latitude in degrees. */
  latitude?: InputMaybe<Scalars['Float']['input']>;
  /** Longitude in degrees. */
  longitude?: InputMaybe<Scalars['Float']['input']>;
  /** A Google Maps or Waze link holding coordinates (short links do not: `mapLinkWithoutCoordinates`), or "latitude, longitude". */
  mapLink?: InputMaybe<Scalars['String']['input']>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
};

/**
 * Electronic-invoice data, optional: leave the argument out (or null) for no electronic invoice.
 * When given it is validated (02 §5: identification max 32, full name max 128, address max 128,
 * e-mail max 64, phone max 32; idType NATIONAL_ID when left out).
 */
export type ElectronicInvoiceInput = {
  /** Address, at most 128 characters. */
  address?: InputMaybe<Scalars['String']['input']>;
  /** Canton code of the province. */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** District code of the canton. */
  district?: InputMaybe<Scalars['String']['input']>;
  /** Where to mail the electronic invoice, at most 64 characters. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Full name or company name, at most 128 characters. */
  fullname?: InputMaybe<Scalars['String']['input']>;
  /** Kind of identification; NATIONAL_ID when left out. */
  idType?: InputMaybe<IdType>;
  /** Identification number, at most 32 characters. */
  identification?: InputMaybe<Scalars['String']['input']>;
  /** Phone, at most 32 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
};

/**
 * The codes of `extensions.code` in an error of this API (and `code` of a REST error answer), with what a
 * client should do. Every error also carries `message`, translated to the request's language (`?lang=es|en`, else
 * Accept-Language); VALIDATION carries `extensions.fields` (field → { messageKey, message }). Besides these, the spec's
 * numbered codes: "0001" wrong e-mail or password (ask again); "0002" account not confirmed (send the person to the
 * confirmation mail); "0003" session invalid or expired (sign in again, then retry); "0004" confirmation link not valid
 * (ask for a new one); "0005" account locked after failed sign-ins (wait the minutes the message names, or reset the password).
 */
export type ErrorCode =
  /** The request itself is malformed (e.g. a batch of operations): send one well-formed operation. */
  | 'BAD_REQUEST'
  /** A variable has a value of the wrong type: fix the variable. */
  | 'BAD_USER_INPUT'
  /** The record's state does not allow it (already sold, already reported, changed meanwhile): read it again and decide. */
  | 'CONFLICT'
  /** The caller may not do this to this record: do not retry; sign in as someone who may. */
  | 'FORBIDDEN'
  /** The query is not valid GraphQL syntax: fix the query. */
  | 'GRAPHQL_PARSE_FAILED'
  /** The query does not match the schema (an unknown field or argument): fix the query against this schema. */
  | 'GRAPHQL_VALIDATION_FAILED'
  /** An unexpected fault (logged on the server): retry later; report it if it persists. */
  | 'INTERNAL_SERVER_ERROR'
  /** No such record, or not visible to the caller: refresh what is shown; do not retry. */
  | 'NOT_FOUND'
  /** The request or file is too large: send less (smaller photos, fewer at once). */
  | 'PAYLOAD_TOO_LARGE'
  /** The persisted query is not known by its hash: send it again with its full text. */
  | 'PERSISTED_QUERY_NOT_FOUND'
  /** The query asks for too much at once (aliases, directives or cost): split it. */
  | 'QUERY_TOO_COMPLEX'
  /** The query is nested too deeply: ask for fewer levels. */
  | 'QUERY_TOO_DEEP'
  /** The query has too many tokens: split it into smaller queries. */
  | 'QUERY_TOO_LARGE'
  /** Too many requests: wait the seconds of the Retry-After header (or `extensions.params.retryAfter`), then retry. */
  | 'RATE_LIMITED'
  /** A service is down or did not answer: retry later, with backoff; nothing was changed. */
  | 'UNAVAILABLE'
  /** The content type is not accepted: send JSON, or the photo types the upload names. */
  | 'UNSUPPORTED_MEDIA'
  /** Some input is not valid: show each message of `extensions.fields` beside its field, correct and send again. */
  | 'VALIDATION';

/** Fuel or power source. */
export type FuelType =
  /** Diesel. */
  | 'DIESEL'
  /** Battery electric. */
  | 'ELECTRIC'
  /** Petrol. */
  | 'GASOLINE'
  /** Hybrid (petrol and electric). */
  | 'HYBRID'
  /** Liquefied petroleum gas. */
  | 'LPG';

/** A new value for one global parameter. */
export type GlobalParameterInput = {
  /** The parameter's key. */
  id: Scalars['ID']['input'];
  /** The new value, within the parameter's rule. */
  quantity: Scalars['Float']['input'];
};

/** Who made a change of status. */
export type HistoryAuthorKind =
  /** An administrator (the review queue, a status change). */
  | 'STAFF'
  /** Ruedas itself: payments, expiry, renewal. */
  | 'SYSTEM'
  /** The seller (or another user acting on their own ad). */
  | 'USER';

/** Why moderation held an ad for review. */
export type HoldCause =
  /** REPORTS_TO_HIDE different people reported it. */
  | 'REPORTS'
  /** Its risk score reached RISK_SCORE_TO_HOLD after it went public by its payment alone. */
  | 'RISK';

/** Identification types of an electronic invoice (same values as the identity subgraph). */
export type IdType =
  /** A foreign passport or identity document. */
  | 'FOREIGN_ID'
  /** Company identity number (cédula jurídica). */
  | 'JURIDIC_ID'
  /** Costa Rican national identity card (cédula física). */
  | 'NATIONAL_ID'
  /** Tax number for people without another identification (NITE). */
  | 'NITE'
  /** No identification given. */
  | 'NONE'
  /** Residence card of a foreigner living in Costa Rica (DIMEX). */
  | 'RESIDENCE_ID';

/** An impersonal registration: the person, and the promotional ads granted to them. */
export type ImpersonalRegistrationInput = {
  /** GOLD when left out. */
  planLevel?: InputMaybe<PlanLevel>;
  /** Promotional ads granted (>= 0); billing turns them into a plan. */
  promotionalAds?: InputMaybe<Scalars['Int']['input']>;
  /** The person registered. */
  user: ImpersonalUserInput;
};

/** The person registered on their behalf; no password: they set it from the mailed link. */
export type ImpersonalUserInput = {
  /** Canton code of the province. */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** District code of the canton. */
  district?: InputMaybe<Scalars['String']['input']>;
  /** The person's e-mail, where the link to set the password is mailed; unique, case-insensitive. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Kind of identification document. */
  idType?: InputMaybe<IdType>;
  /** Identification number, as the document shows it. */
  identification?: InputMaybe<Scalars['String']['input']>;
  /** Interface and mail language. */
  language?: InputMaybe<Language>;
  /** First surname. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Second surname; may be empty. */
  lastName2?: InputMaybe<Scalars['String']['input']>;
  /** Required for CARS_SELLER_MERCHANT, dropped for PERSON. */
  merchantName?: InputMaybe<Scalars['String']['input']>;
  /** Given name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 5 phones. */
  phoneList?: InputMaybe<Array<PhoneInput>>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
  /** A private seller or a car dealer. */
  userType?: InputMaybe<UserType>;
};

/** What an invoice pays for. */
export type InvoiceKind =
  /** One ad (a paid level, or quick approval of a free ad). */
  | 'OPPORTUNITY'
  /** A prepaid plan of ads of one level. */
  | 'PLAN';

/**
 * Life of an invoice:
 * NEW (payable by card or transfer) -> PAID (card approved, or an admin confirmed the transfer);
 * NEW -> TRANSFER_PENDING (the seller gave a mobile-transfer reference) -> PAID, or back to NEW when
 * an admin rejects the reference; NEW -> VOID (replaced: the ad's level or quick approval changed, or a
 * plan covered the ad); PAID -> CANCELLED (the seller cancelled the ad within 1 day of payment; a
 * refund is recorded for an admin).
 */
export type InvoiceStatus =
  /** Paid, then cancelled by the seller within 1 day; a refund is recorded. */
  | 'CANCELLED'
  /** Open: payable by card or transfer. */
  | 'NEW'
  /** Paid. */
  | 'PAID'
  /** The seller gave a mobile-transfer reference; an administrator confirms or rejects it. */
  | 'TRANSFER_PENDING'
  /** Replaced: the ad's level or quick approval changed, or a plan covered the ad. */
  | 'VOID';

/**
 * Interface and mail language. Send ES or EN; answers still carry the deprecated lower-case values
 * (es, en) until they are removed, so that existing clients keep reading them.
 */
export type Language =
  /** English. */
  | 'EN'
  /** Spanish (the default). */
  | 'ES'
  /** English. */
  | 'en'
  /** Spanish. */
  | 'es';

/** FREE 1, BRONZE 2, SILVER 3, GOLD 4 (same values as the listings subgraph). */
export type Level =
  /** Paid level 2: 8 photos. */
  | 'BRONZE'
  /** Free ad: 4 photos. */
  | 'FREE'
  /** Paid level 4: 20 photos, the home carousel and a custom message. */
  | 'GOLD'
  /** Paid level 3: 12 photos. */
  | 'SILVER';

/**
 * The car a seller is describing, to estimate its market price. Brand, model, year and mileage are
 * required (with the ad form's rules: VALIDATION names each bad field); style, fuel and transmission
 * narrow the comparable ads when given.
 */
export type MarketPriceCarInput = {
  /** Brand code, e.g. TOYOTA. */
  brand: Scalars['String']['input'];
  /** The currency to answer `estimate`, `low` and `high` in besides colones (the ad's); CRC when left out. */
  currency?: InputMaybe<Currency>;
  /** Fuel, when chosen (with `transmissionType`, the same kind of car is preferred). */
  fuelType?: InputMaybe<FuelType>;
  /** Mileage in `mileageUnit`, 0 to 1,000,000. */
  mileage: Scalars['Int']['input'];
  /** Unit of `mileage`; KM when left out. */
  mileageUnit?: InputMaybe<MileageUnit>;
  /** Model as the ad would say it (1 to 60 characters). */
  model: Scalars['String']['input'];
  /** Body style, when chosen. */
  style?: InputMaybe<Style>;
  /** Gearbox, when chosen. */
  transmissionType?: InputMaybe<TransmissionType>;
  /** Model year, 1900 to next calendar year. */
  year: Scalars['Int']['input'];
};

/** Unit of a mileage. */
export type MileageUnit =
  /** Kilometres. */
  | 'KM'
  /** Miles. */
  | 'MI';

/** One opening range to set. */
export type OpeningRangeInput = {
  /** Closing time, 24-hour HH:MM, after `opens` (`closesBeforeOpens` otherwise). */
  closes?: InputMaybe<Scalars['String']['input']>;
  /** Opening time, 24-hour HH:MM. */
  opens?: InputMaybe<Scalars['String']['input']>;
};

/**
 * An ad as the seller writes it (step 1 and step 2 of the wizard). Validated with the rules of
 * @ruedas/domain `adSchema`; numbers may come as text, as typed.
 */
export type OpportunityInput = {
  /** The seller's own photo ids, cover first, within the level's cap. */
  attachmentIds?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Quick approval, for a FREE ad (paid levels include it). */
  autoApproval?: InputMaybe<Scalars['Boolean']['input']>;
  /** Brand code of @ruedas/domain (TOYOTA). */
  brand?: InputMaybe<Scalars['String']['input']>;
  /** Canton code of the province. */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** The plate; only its owner and administrators read it back. */
  carIdNumber?: InputMaybe<Scalars['String']['input']>;
  /** Currency of the price and the transfer cost. */
  currency?: InputMaybe<Currency>;
  /** At most the AD_DESCRIPTION_MAX_LENGTH global parameter (characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /** District code of the canton. */
  district?: InputMaybe<Scalars['String']['input']>;
  /** Exterior colour code of @ruedas/domain. */
  exteriorColor?: InputMaybe<Scalars['String']['input']>;
  /** Extra keys of @ruedas/domain (AIR_CONDITIONING, ...). */
  extraList?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Fuel or power source. */
  fuelType?: InputMaybe<FuelType>;
  /** Interior colour code of @ruedas/domain. */
  interiorColor?: InputMaybe<Scalars['String']['input']>;
  /** Known damage, in the seller's words; empty when none. */
  knownDamage?: InputMaybe<Scalars['String']['input']>;
  /** FREE when left out. */
  level?: InputMaybe<Level>;
  /** Ribbon or custom message (GOLD). */
  message?: InputMaybe<Scalars['String']['input']>;
  /** Distance driven, 0 or more, in `mileageUnit`. */
  mileage?: InputMaybe<Scalars['Int']['input']>;
  /** KM when left out. */
  mileageUnit?: InputMaybe<MileageUnit>;
  /** Model (at most 60 characters). */
  model?: InputMaybe<Scalars['String']['input']>;
  /** Engine size in cc (0 to 20,000); 0 or left out when unknown. */
  motorSizeCC?: InputMaybe<Scalars['Int']['input']>;
  /** 2, 3, 4, 5, 7, or 888 for more than 7. */
  passengersNumber?: InputMaybe<Scalars['Int']['input']>;
  /** Whether the yearly road tax (marchamo) is paid. */
  payTaxes?: InputMaybe<Scalars['Boolean']['input']>;
  /** 1 to 5 contact phones. */
  phoneList?: InputMaybe<Array<PhoneInput>>;
  /** Asking price in `currency`, above 0. */
  price?: InputMaybe<Scalars['Float']['input']>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
  /** Body style. */
  style?: InputMaybe<Style>;
  /** Transfer cost in `currency`, 0 or more. */
  transferPrice?: InputMaybe<Scalars['Float']['input']>;
  /** Gearbox. */
  transmissionType?: InputMaybe<TransmissionType>;
  /** Model year, from 1900 to next year. */
  year?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * Life of an ad (DECISIONS.md, Ad statuses). Public (visible, searchable) means PUBLIC_ONLINE or
 * MODIFIED. An owner sees six of them (not APPROVED, RENEWED, which are passing steps); admins all eight.
 */
export type OpportunityStatus =
  /** Approved by an administrator; a passing step on the way to PUBLIC_ONLINE. */
  | 'APPROVED'
  /** Its period of life ended; the owner may renew it. */
  | 'EXPIRED'
  /** Public, edited by its owner since, and back in the review queue. */
  | 'MODIFIED'
  /** Waiting for an administrator's review (or for its payment). */
  | 'PENDING_APPROVAL'
  /** Public: shown in lists and search. */
  | 'PUBLIC_ONLINE'
  /** Refused by an administrator (the reason is in `rejectionReason`). */
  | 'REJECTED'
  /** Renewed for another period; a passing step on the way to PUBLIC_ONLINE. */
  | 'RENEWED'
  /** Sold, as its owner marked it; final for the owner. */
  | 'SOLD';

/** What a global parameter counts. */
export type ParameterUnit =
  /** A number of ads. */
  | 'ADS'
  /** A number of attempts. */
  | 'ATTEMPTS'
  /** A length in characters (the seller's description). */
  | 'CHARACTERS'
  /** An amount in colones. */
  | 'CRC'
  /** Colones per US dollar. */
  | 'CRC_PER_USD'
  /** A duration in days. */
  | 'DAYS'
  /** A number of entries (a page size, a count). */
  | 'ITEMS'
  /** A duration in minutes. */
  | 'MINUTES'
  /** A percentage. */
  | 'PERCENT'
  /** Risk score points (0 to 100). */
  | 'POINTS';

/** How an invoice was paid. */
export type PaymentMethod =
  /** A card, on the payment provider's checkout. */
  | 'CARD'
  /** A mobile transfer (SINPE Móvil), through the provider or confirmed by an administrator. */
  | 'MOBILE_TRANSFER';

/** The outcome of a payment at the provider. */
export type PaymentOutcome =
  /** Paid. */
  | 'APPROVED'
  /** Abandoned by the buyer; nothing paid. */
  | 'CANCELLED'
  /** Refused by the provider or the bank; nothing paid. */
  | 'DECLINED'
  /** Waiting for the provider's approval (a SINPE Móvil transfer not yet received). */
  | 'DEFERRED'
  /** Nothing paid yet: the buyer may still be on the provider's page. */
  | 'PENDING';

/** One phone to save: 8 digits, WhatsApp by default. */
export type PhoneInput = {
  /** 8 digits, optionally with a space or a hyphen after the fourth. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** WHATSAPP when left out. */
  phoneType?: InputMaybe<PhoneType>;
};

/** What kind of line a phone number is. */
export type PhoneType =
  /** A business line. */
  | 'COMERCIAL'
  /** A landline at home. */
  | 'HOME'
  /** A mobile phone (calls and SMS). */
  | 'MOBILE'
  /** A mobile phone reachable on WhatsApp (the default). */
  | 'WHATSAPP';

/** The plan part of a purchase: at least MIN_ADS_IN_PLAN (global parameter), at most 100. */
export type PlanInput = {
  /** The plan's level; GOLD when left out. */
  planLevel?: InputMaybe<PlanLevel>;
  /** How many ads the plan holds. */
  totalOpportunities: Scalars['Int']['input'];
};

/** The levels a prepaid plan can be bought in (same values as the identity subgraph). A purchase defaults to GOLD. */
export type PlanLevel =
  /** Plan of BRONZE ads. */
  | 'BRONZE'
  /** Plan of GOLD ads (top of every list, carousel). */
  | 'GOLD'
  /** Plan of SILVER ads. */
  | 'SILVER';

/** How an ad's price compares with its estimated market price (price / estimate). */
export type PriceLabel =
  /** Above 95% and at most 110% of the estimate. */
  | 'FAIR'
  /** Above 85% and at most 95% of the estimate. */
  | 'GOOD'
  /** At most 85% of the estimate. */
  | 'GREAT'
  /** Above 110% of the estimate. */
  | 'HIGH'
  /** Too few comparable ads to estimate a price. */
  | 'NONE';

/** Which ads an estimate rests on. */
export type PriceRatingBasis =
  /** The same brand and model within 2 years (the same fuel and transmission when there are enough), carried to this car's year and mileage. */
  | 'EXACT'
  /** Broader: the same brand, model family (first word of the model) and body style within 3 years, because the model has too few ads. */
  | 'MODEL_FAMILY'
  /** No estimate (fewer than 5 comparable ads in every group). */
  | 'NONE'
  /** Broader: the same body style and fuel, any brand, within 1 year, because the model family has too few ads. */
  | 'SEGMENT';

/**
 * One's own profile. The e-mail is read-only here. Leave `newPassword` empty to keep the password;
 * to change it, give `currentPassword` and the confirmation.
 */
export type ProfileInput = {
  /** Canton code of the province. */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** The current password; required to set a new one. */
  currentPassword?: InputMaybe<Scalars['String']['input']>;
  /** District code of the canton. */
  district?: InputMaybe<Scalars['String']['input']>;
  /** Kind of identification document. */
  idType?: InputMaybe<IdType>;
  /** Identification number, as the document shows it. */
  identification?: InputMaybe<Scalars['String']['input']>;
  /** Interface and mail language. */
  language?: InputMaybe<Language>;
  /** First surname. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Second surname; may be empty. */
  lastName2?: InputMaybe<Scalars['String']['input']>;
  /** Required for CARS_SELLER_MERCHANT, dropped for PERSON. */
  merchantName?: InputMaybe<Scalars['String']['input']>;
  /** Given name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** A new password (8 to 64 characters, not weak); empty to keep the current one. */
  newPassword?: InputMaybe<Scalars['String']['input']>;
  /** The new password again; must match. */
  newPasswordConfirm?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 5 phones. */
  phoneList?: InputMaybe<Array<PhoneInput>>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
  /** The person declares the data correct; must be true. */
  truthDeclaration?: InputMaybe<Scalars['Boolean']['input']>;
  /** A private seller or a car dealer. */
  userType?: InputMaybe<UserType>;
};

/** Where a refund stands. */
export type RefundStatus =
  /** Carried out by an admin. */
  | 'DONE'
  /** Recorded, waiting for an admin to carry it out. */
  | 'PENDING';

/**
 * Registration of a person or a merchant. Fields are nullable so that every rule answers a
 * VALIDATION error with its message key per field (`extensions.fields`) rather than a GraphQL error.
 */
export type RegistrationInput = {
  /** The person declares the data correct; must be true. */
  agreement?: InputMaybe<Scalars['Boolean']['input']>;
  /** Canton code of the province (e.g. 101). */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** District code of the canton (e.g. 10101). */
  district?: InputMaybe<Scalars['String']['input']>;
  /** At most 64 characters; unique, case-insensitive (`emailTaken`). */
  email?: InputMaybe<Scalars['String']['input']>;
  /** ES when left out. */
  language?: InputMaybe<Language>;
  /** First surname. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Second surname; may be empty. */
  lastName2?: InputMaybe<Scalars['String']['input']>;
  /** Required for CARS_SELLER_MERCHANT, dropped for PERSON. */
  merchantName?: InputMaybe<Scalars['String']['input']>;
  /** Given name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** 8 to 64 characters, not weak (DECISIONS.md). */
  password?: InputMaybe<Scalars['String']['input']>;
  /** The password again; must match. */
  passwordConfirm?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 5 phones. */
  phoneList?: InputMaybe<Array<PhoneInput>>;
  /** Province code (1 to 7). */
  province?: InputMaybe<Scalars['String']['input']>;
  /** A private seller or a car dealer. */
  userType?: InputMaybe<UserType>;
};

/** What an administrator decided about an ad in review. */
export type ReviewDecisionKind =
  /** The ad goes (or stays) public. */
  | 'APPROVED'
  /** The ad is refused; the owner is mailed the reason. */
  | 'REJECTED';

/** The order of the review queue. */
export type ReviewQueueOrder =
  /** Oldest waiting first. */
  | 'OLDEST'
  /** Highest risk score first, then oldest waiting first. */
  | 'RISK';

/** A scam or duplicate signal of an ad, with its weight in the risk score. */
export type RiskReason =
  /** The text asks for money before the car is seen (deposit, SINPE Móvil to somebody else, payment from abroad, a transfer service). */
  | 'ADVANCE_PAYMENT_TEXT'
  /** A photo identical to one in an earlier ad of the same seller still offered: a duplicate ad. */
  | 'DUPLICATE_AD'
  /** The seller's account is younger than NEW_ACCOUNT_DAYS and published NEW_ACCOUNT_MAX_ADS ads or more. */
  | 'NEW_ACCOUNT_BURST'
  /** A photo identical (by perceptual hash) to one in an earlier ad of another seller. */
  | 'PHOTO_OF_OTHER_SELLER'
  /** The price is PRICE_BELOW_ESTIMATE_PERCENT or more below the ad's estimated market price. */
  | 'PRICE_FAR_BELOW_ESTIMATE'
  /** A phone number of the ad or its seller is on PHONE_ACCOUNTS_TO_FLAG accounts or more. */
  | 'SHARED_PHONE';

/**
 * What a person may do. ADVERTISER is the default; TESTUSER has the same rights and is left out of
 * statistics; ADMINISTRATOR is the only role with `isAdmin`; IMPERSONALIZATOR maintains users and
 * registers people on their behalf, and nothing else.
 */
export type Role =
  /** Staff: reviews ads, maintains users, parameters and payments. */
  | 'ADMINISTRATOR'
  /** Publishes ads and buys plans; the role of every registered person. */
  | 'ADVERTISER'
  /** Staff that maintains users and registers people on their behalf, and nothing else. */
  | 'IMPERSONALIZATOR'
  /** An advertiser for trying things out: same rights, left out of statistics. */
  | 'TESTUSER';

/** A change to a saved search; fields left out stay as they are. */
export type SavedSearchChangeInput = {
  /** A new frequency. */
  frequency?: InputMaybe<AlertFrequency>;
  /** A new name (1 to 60 characters). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** True pauses its alerts, false resumes them. */
  paused?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A search to save: the filter exactly as searchOpportunities takes it, a name and a frequency. */
export type SavedSearchInput = {
  /** The search: the free text and any filter fields. */
  filter: SearchFilterInput;
  /** How often to mail new matches. */
  frequency: AlertFrequency;
  /** A name for it (1 to 60 characters). */
  name: Scalars['String']['input'];
};

/** How an alternative search differs from the one that found nothing. */
export type SearchAlternativeKind =
  /** The free text spelt as the vocabulary does ("sivic" → "civic"). */
  | 'DID_YOU_MEAN'
  /** The same search without its year (the year word taken out of the free text, or the year fields left out). */
  | 'DROP_YEAR'
  /** The same search with the price range a quarter wider each way, or without price bounds when that finds nothing. */
  | 'WIDEN_PRICE';

/** The filter field a facet counts, named as in UPPER_SNAKE_CASE (SearchFilterInput's field in brackets). */
export type SearchFacetField =
  /** Brand code (brand). */
  | 'BRAND'
  /** Canton code (canton). */
  | 'CANTON'
  /** Currency of the price (currency). */
  | 'CURRENCY'
  /** Exterior colour code (exteriorColor). */
  | 'EXTERIOR_COLOR'
  /** Fuel (fuelType). */
  | 'FUEL_TYPE'
  /** Interior colour code (interiorColor). */
  | 'INTERIOR_COLOR'
  /** Mileage choices, cumulative (mileageMax). */
  | 'MILEAGE_MAX'
  /** Model (model). */
  | 'MODEL'
  /** Engine size ranges (motorSizeCCTo). */
  | 'MOTOR_SIZE_CC_TO'
  /** Passengers (passengersNumber). */
  | 'PASSENGERS_NUMBER'
  /** Province code (province). */
  | 'PROVINCE'
  /** Body style (style). */
  | 'STYLE'
  /** Gearbox (transmissionType). */
  | 'TRANSMISSION_TYPE'
  /** Model year (year). */
  | 'YEAR';

/**
 * The search filter of the spec (01 §3) plus a free text. Every field is optional; fields are
 * combined with AND. The free text is parsed first (fuel, transmission, year, colour, style and
 * brand words in Spanish or English; the rest is the model, typo-tolerant); a structured field, when
 * given, wins over what the text says. A misspelled `brand` or `model` is corrected against the
 * vocabulary with the same typo rules as the text.
 */
export type SearchFilterInput = {
  /** Brand code (TOYOTA) or name (Toyota, Mercedes Benz), typo-tolerant. */
  brand?: InputMaybe<Scalars['String']['input']>;
  /** Canton code (e.g. 101), one of the province's (needs `province`). */
  canton?: InputMaybe<Scalars['String']['input']>;
  /** Currency of priceFrom and priceTo; CRC when left out. */
  currency?: InputMaybe<Currency>;
  /** Colour code (BLACK) or a colour word in either language (negro, black); at most 40 characters. */
  exteriorColor?: InputMaybe<Scalars['String']['input']>;
  /** Fuel or power source. */
  fuelType?: InputMaybe<FuelType>;
  /** Only ads whose fair-price label is GOOD or GREAT. */
  goodPriceOrBetter?: InputMaybe<Scalars['Boolean']['input']>;
  /** Interior colour, as exteriorColor. */
  interiorColor?: InputMaybe<Scalars['String']['input']>;
  /** Maximum mileage (in the ad's own unit). */
  mileageMax?: InputMaybe<Scalars['Int']['input']>;
  /** Model (free text of the ad; at most 60 characters), typo-tolerant. */
  model?: InputMaybe<Scalars['String']['input']>;
  /** Engine size range in cc. */
  motorSizeCCFrom?: InputMaybe<Scalars['Int']['input']>;
  /** Upper end of the engine size range in cc. */
  motorSizeCCTo?: InputMaybe<Scalars['Int']['input']>;
  /** At least this many passengers: 5 means "5+" (5, 7 and 888 = more than 7); 888 means more than 7 only. */
  passengersNumber?: InputMaybe<Scalars['Int']['input']>;
  /** Price range in `currency` (CRC when not given), matched against the price normalised to CRC. */
  priceFrom?: InputMaybe<Scalars['Float']['input']>;
  /** Upper end of the price range, as priceFrom. */
  priceTo?: InputMaybe<Scalars['Float']['input']>;
  /** Province code (1 to 7) where the car is. */
  province?: InputMaybe<Scalars['String']['input']>;
  /** Body style. */
  style?: InputMaybe<Style>;
  /** Free text of the simple search box, e.g. "toyta corola 2015 automatico". */
  text?: InputMaybe<Scalars['String']['input']>;
  /** Gearbox. */
  transmissionType?: InputMaybe<TransmissionType>;
  /** Exact year (wins over yearFrom / yearTo). */
  year?: InputMaybe<Scalars['Int']['input']>;
  /** Earliest model year. */
  yearFrom?: InputMaybe<Scalars['Int']['input']>;
  /** Latest model year. */
  yearTo?: InputMaybe<Scalars['Int']['input']>;
};

/** Order of search results. */
export type SearchSort =
  /** The best deals first: the lowest price against the estimated market price; ads without a rating last. */
  | 'BEST_DEAL'
  /** Least driven first. */
  | 'MILEAGE_ASC'
  /** Most recently published first. */
  | 'NEWEST'
  /** Cheapest first (prices compared in colones). */
  | 'PRICE_ASC'
  /** Most expensive first (prices compared in colones). */
  | 'PRICE_DESC'
  /** Best text match first, then newest (newest first when there is no text). */
  | 'RELEVANCE'
  /** Oldest model year first. */
  | 'YEAR_ASC'
  /** Newest model year first. */
  | 'YEAR_DESC';

/** What a suggestion stands for. */
export type SearchSuggestionKind =
  /** A brand. */
  | 'BRAND'
  /** A brand and model. */
  | 'MODEL'
  /** A popular query others searched. */
  | 'QUERY';

/** What an understood part of the free text sets. */
export type SearchTextPartKind =
  /** A brand ("toyota", "hiunday"). */
  | 'BRAND'
  /** An exterior colour ("rojo"). */
  | 'COLOUR'
  /** A fuel ("diésel"). */
  | 'FUEL'
  /** A mileage bound ("menos de 100 mil km"). */
  | 'MILEAGE'
  /** A model, with its brand when only one makes it ("corolla", "rav 4"). */
  | 'MODEL'
  /** Seats ("7 pasajeros", "más de 7 pasajeros"). */
  | 'PASSENGERS'
  /** A province or canton ("en Guanacaste", "Escazú"). */
  | 'PLACE'
  /** A price bound or range ("menos de 10 millones", "$15k"), in colones or dollars. */
  | 'PRICE'
  /** A style or traction ("pickup", "SUV", "4x4"). */
  | 'STYLE'
  /** A word searched as text across the ad's words. */
  | 'TEXT'
  /** A gearbox ("automático"). */
  | 'TRANSMISSION'
  /** A year or a year range ("2016", "del 2014 al 2017", "from 2015"). */
  | 'YEAR';

/** Where an ad was shared from the detail page. */
export type ShareChannel =
  /** The Facebook share button. */
  | 'FACEBOOK'
  /** Any other way (a copied link, the phone's share sheet). */
  | 'OTHER'
  /** The WhatsApp share button. */
  | 'WHATSAPP';

/** Sort order. */
export type SortDirection =
  /** Smallest (or earliest, or A) first. */
  | 'ASC'
  /** Largest (or latest, or Z) first. */
  | 'DESC';

/** A staff action recorded in the audit trail (docs/decisions/0034). */
export type StaffAction =
  /** An ad's status set by staff (review, rejection, any status). */
  | 'AD_STATUS_CHANGED'
  /** An ad edited by staff. */
  | 'AD_UPDATED'
  /** A complaint resolved. */
  | 'COMPLAINT_RESOLVED'
  /** A person registered on their behalf. */
  | 'IMPERSONAL_REGISTRATION'
  /** A global parameter changed. */
  | 'PARAMETER_CHANGED'
  /** A paid ad's payment cancelled. */
  | 'PAYMENT_CANCELLED'
  /** A refund marked carried out. */
  | 'REFUND_DONE'
  /** A transfer reference confirmed: the invoice is paid. */
  | 'TRANSFER_CONFIRMED'
  /** A transfer reference refused. */
  | 'TRANSFER_REJECTED'
  /** A user edited by staff. */
  | 'USER_UPDATED';

/** Which staff actions to list; every field is optional and they combine with AND. */
export type StaffActionFilter = {
  /** Only this kind of action. */
  action?: InputMaybe<StaffAction>;
  /** Part of the actor's e-mail or name, or the actor's id. */
  actor?: InputMaybe<Scalars['String']['input']>;
  /** Only actions from this Costa Rica day on (VALIDATION invalidDateRange when after lastDay). */
  firstDay?: InputMaybe<Scalars['Date']['input']>;
  /**
   * Costa Rica days yyyy-MM-dd, both included (VALIDATION invalidDateRange otherwise).
   * @deprecated Use firstDay (a Date).
   */
  from?: InputMaybe<Scalars['String']['input']>;
  /** Only actions up to this Costa Rica day (included). */
  lastDay?: InputMaybe<Scalars['Date']['input']>;
  /** The user, ad, parameter, complaint or invoice acted on (its id). */
  targetId?: InputMaybe<Scalars['ID']['input']>;
  /**
   * Last Costa Rica day (included), yyyy-MM-dd.
   * @deprecated Use lastDay (a Date).
   */
  to?: InputMaybe<Scalars['String']['input']>;
};

/** Body style (labels in @ruedas/domain). */
export type Style =
  /** Truck (camión). */
  | 'CAMION'
  /** Convertible. */
  | 'CONVERTIBLE'
  /** Coupé. */
  | 'COUPE'
  /** Hatchback. */
  | 'HATCHBACK'
  /** Panel van (cargo). */
  | 'PANEL'
  /** Pick-up with two-wheel drive. */
  | 'PICK_UP_4X2'
  /** Pick-up with four-wheel drive. */
  | 'PICK_UP_4X4'
  /** Sedan. */
  | 'SEDAN'
  /** SUV with two-wheel drive (todo terreno 4x2). */
  | 'TODO_TERRENO_4X2'
  /** SUV with four-wheel drive (todo terreno 4x4). */
  | 'TODO_TERRENO_4X4'
  /** Van or minivan. */
  | 'VAN';

/** Gearbox. */
export type TransmissionType =
  /** Automatic. */
  | 'AUTOMATIC'
  /** Manual. */
  | 'MANUAL'
  /** Automatic with manual shifting (Tiptronic). */
  | 'TIPTRONIC';

/** Why an ad that was public is no longer shown: sold, expired, or anything else (back in review, rejected, blocked). */
export type UnavailableReason =
  /** Its period of life ended. */
  | 'EXPIRED'
  /** Anything else: back in review, rejected or blocked. */
  | 'REMOVED'
  /** Its owner marked it sold. */
  | 'SOLD';

/** How to sort the users list. */
export type UserSort = {
  /** ASC when left out. */
  direction?: InputMaybe<SortDirection>;
  /** What to sort by. */
  field: UserSortField;
};

/** What the users list can be sorted by. */
export type UserSortField =
  /** Registration date. */
  | 'DATE_CREATED'
  /** E-mail. */
  | 'EMAIL'
  /** First surname. */
  | 'LAST_NAME'
  /** Given name. */
  | 'NAME'
  /** Role. */
  | 'ROLE'
  /** Account status. */
  | 'STATUS'
  /** Registration date. */
  | 'dateCreated'
  /** E-mail. */
  | 'email'
  /** First surname. */
  | 'lastName'
  /** Given name. */
  | 'name'
  /** Role. */
  | 'role'
  /** Account status. */
  | 'status';

/** State of an account: NOT_CONFIRMED until the mailed link is used; BLOCKED_BY_FAILS after repeated failed logins. */
export type UserStatus =
  /** May sign in. */
  | 'ACTIVE'
  /** Locked after repeated failed logins (or by an administrator) until the lockout ends or the password is reset. */
  | 'BLOCKED_BY_FAILS'
  /** Registered; the mailed confirmation link has not been used yet. */
  | 'NOT_CONFIRMED';

/** A private seller or a car dealer (who must give a merchant name). */
export type UserType =
  /** A car dealer, shown by its merchant name. */
  | 'CARS_SELLER_MERCHANT'
  /** A private seller. */
  | 'PERSON';

/** A day of the week (schema.org's DayOfWeek names), Monday first. */
export type Weekday =
  /** Friday. */
  | 'FRIDAY'
  /** Monday. */
  | 'MONDAY'
  /** Saturday. */
  | 'SATURDAY'
  /** Sunday. */
  | 'SUNDAY'
  /** Thursday. */
  | 'THURSDAY'
  /** Tuesday. */
  | 'TUESDAY'
  /** Wednesday. */
  | 'WEDNESDAY';

export type PartnerSearchQueryVariables = Exact<{
  filter: SearchFilterInput;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
}>;


export type PartnerSearchQuery = { __typename?: 'Query', searchOpportunities: { __typename?: 'SearchPage', page: number, pageSize: number, totalItems: number, totalPages: number, items: Array<{ __typename?: 'Opportunity', id: string, brand: string, model: string, year: number, lastPublishedAt?: string | null, askingPrice: { __typename?: 'Money', amount: string, currency: Currency }, photos: Array<{ __typename?: 'Photo', url: string }>, user: { __typename?: 'User', fullName: string, email?: string | null } }>, facets: Array<{ __typename?: 'SearchFacet', key: SearchFacetField, values: Array<{ __typename?: 'SearchFacetValue', value: string, number?: number | null, count: number }> }> } };

export type PartnerLoginMutationVariables = Exact<{
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
}>;


export type PartnerLoginMutation = { __typename?: 'Mutation', login: { __typename?: 'Session', token: string, validUntil: string } };

export type PartnerPurchasesQueryVariables = Exact<{
  firstDay: Scalars['Date']['input'];
  lastDay: Scalars['Date']['input'];
}>;


export type PartnerPurchasesQuery = { __typename?: 'Query', userPurchases: Array<{ __typename?: 'UserPurchases', userId: string, opportunities: { __typename?: 'PurchaseBlock', paid: { __typename?: 'Money', amount: string, currency: Currency } } }>, dashboard: { __typename?: 'Dashboard', periodData: { __typename?: 'DashboardPeriod', firstDay: string, lastDay: string, chartSeries: { __typename?: 'DashboardChartSeries', paid: { __typename?: 'DashboardSeries', days: Array<string>, data: Array<number> } } }, generalData: { __typename?: 'DashboardSummary', revenue: { __typename?: 'Money', amount: string, currency: Currency } } } };


export const PartnerSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PartnerSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SearchFilterInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchOpportunities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"pageSize"},"value":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}},{"kind":"Field","name":{"kind":"Name","value":"totalItems"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"brand"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"year"}},{"kind":"Field","name":{"kind":"Name","value":"askingPrice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastPublishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"photos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fullName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"facets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"values"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PartnerSearchQuery, PartnerSearchQueryVariables>;
export const PartnerLoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PartnerLogin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"validUntil"}}]}}]}}]} as unknown as DocumentNode<PartnerLoginMutation, PartnerLoginMutationVariables>;
export const PartnerPurchasesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PartnerPurchases"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"firstDay"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lastDay"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userPurchases"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"firstDay"},"value":{"kind":"Variable","name":{"kind":"Name","value":"firstDay"}}},{"kind":"Argument","name":{"kind":"Name","value":"lastDay"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lastDay"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"opportunities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"dashboard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"firstDay"},"value":{"kind":"Variable","name":{"kind":"Name","value":"firstDay"}}},{"kind":"Argument","name":{"kind":"Name","value":"lastDay"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lastDay"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstDay"}},{"kind":"Field","name":{"kind":"Name","value":"lastDay"}},{"kind":"Field","name":{"kind":"Name","value":"chartSeries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"generalData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revenue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PartnerPurchasesQuery, PartnerPurchasesQueryVariables>;