export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
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

/** An ad's funnel counted over a period: whole numbers. */
export type AdFunnelCounts = {
  __typename?: 'AdFunnelCounts';
  /** Additions to favourites. */
  favourites: Scalars['Int']['output'];
  /** Times shown in search results or the home carousel. */
  impressions: Scalars['Int']['output'];
  /** Requests for the seller's phone list. */
  phoneContacts: Scalars['Int']['output'];
  /** Shares. */
  shares: Scalars['Int']['output'];
  /** Detail page views. */
  views: Scalars['Int']['output'];
  /** WhatsApp contact clicks. */
  whatsappContacts: Scalars['Int']['output'];
};

/** One day of an ad's funnel: a calendar day in Costa Rica (UTC-6). */
export type AdFunnelDay = {
  __typename?: 'AdFunnelDay';
  /** The day, in Costa Rica's time. */
  date: Scalars['Date']['output'];
  /**
   * The day, YYYY-MM-DD, in Costa Rica's time.
   * @deprecated Use date (a Date).
   */
  day: Scalars['String']['output'];
  /** Times the ad was added to a favourites list. */
  favourites: Scalars['Int']['output'];
  /** Times the ad was shown in search results or the home carousel. */
  impressions: Scalars['Int']['output'];
  /** Times a visitor asked for the seller's phone list. */
  phoneContacts: Scalars['Int']['output'];
  /** Times the ad was shared (Facebook, WhatsApp, a copied link). */
  shares: Scalars['Int']['output'];
  /** Times the ad's detail page was opened. */
  views: Scalars['Int']['output'];
  /** WhatsApp contact clicks (counted once per client every few minutes). */
  whatsappContacts: Scalars['Int']['output'];
};

/** The median of similar ads' funnel sums over a period (a median of an even number of ads may be a half). */
export type AdFunnelTotals = {
  __typename?: 'AdFunnelTotals';
  /** Additions to favourites. */
  favourites: Scalars['Float']['output'];
  /** Times shown in search results or the home carousel. */
  impressions: Scalars['Float']['output'];
  /** Requests for the seller's phone list. */
  phoneContacts: Scalars['Float']['output'];
  /** Shares. */
  shares: Scalars['Float']['output'];
  /** Detail page views. */
  views: Scalars['Float']['output'];
  /** WhatsApp contact clicks. */
  whatsappContacts: Scalars['Float']['output'];
};

/** A plain-language hint about an ad's figures. */
export type AdInsightHint = {
  __typename?: 'AdInsightHint';
  /** What the hint is about. */
  code: AdInsightHintCode;
  /** The hint's figure (see each code); null when it has none. */
  value?: Maybe<Scalars['Float']['output']>;
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

/** An ad's figures over a period: its owner and administrators only. */
export type AdInsights = {
  __typename?: 'AdInsights';
  /** The period's counts, summed over its days. */
  counts: AdFunnelCounts;
  /** Each day of the period, oldest first (days without activity count zero). */
  days: Array<AdFunnelDay>;
  /** Hints about the ad, in the order to show them. */
  hints: Array<AdInsightHint>;
  /** The ad. */
  opportunity: Opportunity;
  /** Similar ads over the same days. */
  similar: SimilarAdsFunnel;
  /**
   * The period's totals.
   * @deprecated Use counts (whole numbers).
   */
  totals: AdFunnelTotals;
};

/** One page of a seller's figures, one entry per ad. */
export type AdInsightsPage = {
  __typename?: 'AdInsightsPage';
  /** The figures of this page's ads. */
  items: Array<AdInsights>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

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

/**
 * The answer to checking out an ad. `isPayed` is true when the ad is paid (now, by a plan unit, or
 * earlier): it goes public at once. Otherwise, with `redirectUrl`, send the browser there to pay;
 * without it (a free ad, total 0) the ad waits for review.
 */
export type CheckoutResult = {
  __typename?: 'CheckoutResult';
  /** What the ad costs: 0.00 for a free ad and for one covered by a plan. */
  amountDue: Money;
  /** Whether a unit of the seller's plan of the ad's level paid for it. */
  coveredByPlan: Scalars['Boolean']['output'];
  /** The open or paid invoice; null when nothing is charged (free ad, or covered by a plan). */
  invoice?: Maybe<Invoice>;
  /** Whether the ad is paid (or needs no payment): it goes public at once. */
  isPayed: Scalars['Boolean']['output'];
  /** The ad checked out. */
  opportunityId: Scalars['ID']['output'];
  /** Where to send the browser to pay; null when nothing is to pay. */
  redirectUrl?: Maybe<Scalars['String']['output']>;
  /**
   * CRC; 0 for a free ad.
   * @deprecated Use amountDue (Money).
   */
  total: Scalars['Float']['output'];
};

/** A report of an ad (spec 01 §3, 02 §3). */
export type Complaint = {
  __typename?: 'Complaint';
  /** Administrators only (null for the reporter): the ad's brand, model, year and status; null when unknown. */
  ad?: Maybe<ComplaintOpportunity>;
  /** What the reporter says is wrong (OTHER for a report sent without a category). */
  category: ComplaintCategory;
  /** The category in the request's language. */
  categoryLabel: Scalars['String']['output'];
  /** When it was filed. */
  createdAt: Scalars['DateTime']['output'];
  /**
   * ISO 8601.
   * @deprecated Use createdAt (a DateTime).
   */
  dateCreated: Scalars['String']['output'];
  /** What the reporter wrote; may be empty when a category other than OTHER was chosen. */
  details: Scalars['String']['output'];
  /** The complaint's id. */
  id: Scalars['ID']['output'];
  /** Administrators only (null for the reporter): the whole ad, from the listings subgraph. */
  opportunity?: Maybe<Opportunity>;
  /** The reported ad's id. */
  opportunityId: Scalars['ID']['output'];
  /** What the administrator did about it; null until resolved, or when resolved without saying (the legacy REST path). */
  outcome?: Maybe<ComplaintOutcome>;
  /** Whether it has been resolved. */
  resolved: Scalars['Boolean']['output'];
};

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

/** What an administrator reads of a complaint's ad. */
export type ComplaintOpportunity = {
  __typename?: 'ComplaintOpportunity';
  /** Brand code. */
  brand: Scalars['String']['output'];
  /** The ad's id. */
  id: Scalars['ID']['output'];
  /** Model. */
  model: Scalars['String']['output'];
  /** The ad's status now. */
  status: OpportunityStatus;
  /** Model year. */
  year: Scalars['Int']['output'];
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

/** A page of complaints, in the API's page shape. */
export type ComplaintPage = {
  __typename?: 'ComplaintPage';
  /** The entries of this page. */
  items: Array<Complaint>;
  /** The cursor of the page after this one, to pass as `after`: that page is read from the index without the pages before it. Null on the last page. */
  next?: Maybe<Scalars['String']['output']>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

/** A contact click (spec 01 §3 analytics click record). */
export type ContactClick = {
  __typename?: 'ContactClick';
  /** How the visitor contacted the seller. */
  clickType: ContactClickType;
  /** False when the same client's click on this ad was already counted in the last 5 minutes. */
  counted: Scalars['Boolean']['output'];
  /** When it was recorded. */
  createdAt: Scalars['DateTime']['output'];
  /**
   * ISO 8601.
   * @deprecated Use createdAt (a DateTime).
   */
  dateCreated: Scalars['String']['output'];
  /** The ad's id. */
  opportunityId: Scalars['ID']['output'];
};

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

/**
 * The administration dashboard (spec 02 §3), built only from events (identity.user,
 * listings.opportunity, billing.invoice, billing.plan, search.query, moderation.complaint,
 * moderation.contact).
 */
export type Dashboard = {
  __typename?: 'Dashboard';
  /** All-time figures. */
  generalData: DashboardSummary;
  /** The figures of the period asked. */
  periodData: DashboardPeriod;
};

/**
 * Counts of ads (spec 02 §3 dashboard summaries). `totalCreated` = `totalFree` + `totalPaid`;
 * `totalPaid` = gold + silver + bronze. `immediateApproval` counts free ads whose quick approval was paid.
 */
export type DashboardAdsSummary = {
  __typename?: 'DashboardAdsSummary';
  /** FREE ads whose quick approval was paid. */
  immediateApproval: Scalars['Int']['output'];
  /** BRONZE ads. */
  totalBronzeLevel: Scalars['Int']['output'];
  /** Ads created. */
  totalCreated: Scalars['Int']['output'];
  /** FREE ads. */
  totalFree: Scalars['Int']['output'];
  /** GOLD ads. */
  totalGoldLevel: Scalars['Int']['output'];
  /** Paid ads (GOLD, SILVER and BRONZE). */
  totalPaid: Scalars['Int']['output'];
  /** SILVER ads. */
  totalSilverLevel: Scalars['Int']['output'];
};

/** Ads created in the period for one brand. */
export type DashboardBrandCount = {
  __typename?: 'DashboardBrandCount';
  /** Brand code, e.g. TOYOTA. */
  brand: Scalars['String']['output'];
  /** Ads created for the brand. */
  total: Scalars['Int']['output'];
};

/** A brand (and model, when the search named one) searched in the period. */
export type DashboardBrandModelSearch = {
  __typename?: 'DashboardBrandModelSearch';
  /** Brand code, e.g. TOYOTA. */
  brand: Scalars['String']['output'];
  /** Null when the search named the brand only. */
  model?: Maybe<Scalars['String']['output']>;
  /** Searches that named it. */
  searches: Scalars['Int']['output'];
};

/** Ads created per Costa Rica day of the period, free and paid. */
export type DashboardChartSeries = {
  __typename?: 'DashboardChartSeries';
  /** FREE ads created per day. */
  free: DashboardSeries;
  /** Paid ads created per day. */
  paid: DashboardSeries;
};

/** A most-contacted ad of the period. */
export type DashboardClickedOpportunity = {
  __typename?: 'DashboardClickedOpportunity';
  /** Brand code. */
  brand: Scalars['String']['output'];
  /** Contact clicks counted in the period. */
  clicks: Scalars['Int']['output'];
  /** Model. */
  model: Scalars['String']['output'];
  /** The whole ad, from the listings subgraph. */
  opportunity: Opportunity;
  /** The ad's id. */
  opportunityId: Scalars['ID']['output'];
  /** Model year. */
  year: Scalars['Int']['output'];
};

/** Accounts registered on their owners' behalf. */
export type DashboardImpersonalSummary = {
  __typename?: 'DashboardImpersonalSummary';
  /** Of those, confirmed (status not NOT_CONFIRMED). */
  totalConfirmed: Scalars['Int']['output'];
  /** Of those, not confirmed yet. */
  totalNoConfirmed: Scalars['Int']['output'];
  /** Accounts registered by an impersonator or administrator. */
  totalRegistered: Scalars['Int']['output'];
};

/** The dashboard figures of one period of Costa Rica days. */
export type DashboardPeriod = {
  __typename?: 'DashboardPeriod';
  /**
   * The first Costa Rica day whose searches, contacts and complaints are still kept (they are kept six
   * months). When the period starts before it, searches, topBrandModelSearches, clickedOpportunities and
   * totalReportedOpportunities count only from this day; the other figures are whole.
   */
  activityFrom: Scalars['Date']['output'];
  /** Ads created per day of the period. */
  chartSeries: DashboardChartSeries;
  /** The 10 most-contacted ads of the period, most clicks first. */
  clickedOpportunities: Array<DashboardClickedOpportunity>;
  /** Ads created in the period per brand, most first. */
  countedOpportunitiesByBrand: Array<DashboardBrandCount>;
  /** First Costa Rica day of the period. */
  firstDay: Scalars['Date']['output'];
  /**
   * First Costa Rica day of the period, yyyy-MM-dd.
   * @deprecated Use firstDay (a Date).
   */
  from: Scalars['String']['output'];
  /** Last Costa Rica day of the period (included). */
  lastDay: Scalars['Date']['output'];
  /** Searches answered in the period (first pages only: turning a page is the same search). */
  searches: Scalars['Int']['output'];
  /** The figures of the period. */
  summary: DashboardSummary;
  /**
   * Last Costa Rica day of the period (included), yyyy-MM-dd.
   * @deprecated Use lastDay (a Date).
   */
  to: Scalars['String']['output'];
  /** The 10 brand/model pairs most searched in the period, most first. */
  topBrandModelSearches: Array<DashboardBrandModelSearch>;
  /** Distinct ads reported (complaints filed) in the period. */
  totalReportedOpportunities: Scalars['Int']['output'];
  /** Distinct sellers with an invoice paid in the period (ads, quick approvals or plans). */
  usersPurchases: Scalars['Int']['output'];
};

/** Plans by level: `totalCreated` plans (purchases or grants), each level's count of plans. */
export type DashboardPlanCount = {
  __typename?: 'DashboardPlanCount';
  /** BRONZE plans. */
  totalBronzeLevel: Scalars['Int']['output'];
  /** Plans (purchases or grants). */
  totalCreated: Scalars['Int']['output'];
  /** GOLD plans. */
  totalGoldLevel: Scalars['Int']['output'];
  /** Ads the plans hold (bought or granted). */
  totalOpportunities: Scalars['Int']['output'];
  /** SILVER plans. */
  totalSilverLevel: Scalars['Int']['output'];
};

/** Plans bought and plans granted. */
export type DashboardPlansSummary = {
  __typename?: 'DashboardPlansSummary';
  /** Plans bought and paid (PLAN invoices PAID and not cancelled). */
  paidPlans: DashboardPlanCount;
  /** Promotional plans granted with an impersonal registration. */
  sponsoredPlans: DashboardPlanCount;
};

/** Ads about to renew and ads that expired. */
export type DashboardRenewingSummary = {
  __typename?: 'DashboardRenewingSummary';
  /** Ads that reached EXPIRED (in the period: expired on one of its days). */
  expired: Scalars['Int']['output'];
  /** Paid ads public in their first period: they will be renewed automatically at its end. */
  pending: Scalars['Int']['output'];
};

/** One chart line (seriesDto): a value per label. */
export type DashboardSeries = {
  __typename?: 'DashboardSeries';
  /** One value per label. */
  data: Array<Scalars['Int']['output']>;
  /** The Costa Rica days of the period, one per value. */
  days: Array<Scalars['Date']['output']>;
  /**
   * Costa Rica days, yyyy-MM-dd, one per day of the period.
   * @deprecated Use days (Date).
   */
  labels: Array<Scalars['String']['output']>;
};

/**
 * The dashboard figures for all time (generalData) or a period (periodData; items dated in the period:
 * ads by creation, invoices by payment, plans by purchase or grant, users by registration).
 * TESTUSER activity is left out everywhere.
 */
export type DashboardSummary = {
  __typename?: 'DashboardSummary';
  /** Ads paid with a unit of a plan. */
  inPlanOpportunitiesSummary: DashboardAdsSummary;
  /** Every ad created (free and paid). */
  opportunitiesSummary: DashboardAdsSummary;
  /** Ads paid one by one (their own invoice PAID and not cancelled); free ones bought quick approval. */
  paidOpportunitiesSummary: DashboardAdsSummary;
  /** Plans bought and granted. */
  plansSummary: DashboardPlansSummary;
  /** Ads about to renew and ads that expired. */
  renewingSummary: DashboardRenewingSummary;
  /** Invoices paid (ads, quick approvals and plans) and not cancelled, in CRC. */
  revenue: Money;
  /**
   * Colones of invoices paid (ads, quick approvals and plans) and not cancelled.
   * @deprecated Use revenue (Money).
   */
  totalRevenue: Scalars['Float']['output'];
  /** Accounts created. */
  usersSummary: DashboardUsersSummary;
};

/** Accounts created, organic and impersonal. */
export type DashboardUsersSummary = {
  __typename?: 'DashboardUsersSummary';
  /** Accounts registered on their owners' behalf. */
  impersonalSummary: DashboardImpersonalSummary;
  /** Accounts registered by their owner. */
  organic: Scalars['Int']['output'];
  /** Accounts created (organic + impersonal), TESTUSER accounts left out. */
  totalCreated: Scalars['Int']['output'];
};

/** A weekday's opening hours. */
export type DealerDay = {
  __typename?: 'DealerDay';
  /** The weekday. */
  day: Weekday;
  /** At most two ranges, in order; none means closed that day. */
  ranges: Array<OpeningRange>;
};

/** A weekday's opening hours to set. */
export type DealerDayInput = {
  /** The weekday; each at most once. */
  day: Weekday;
  /** At most two ranges, the second starting after the first ends; empty or left out: closed. */
  ranges?: InputMaybe<Array<OpeningRangeInput>>;
};

/** A dealer's (CARS_SELLER_MERCHANT's) business page data. Public. */
export type DealerInfo = {
  __typename?: 'DealerInfo';
  /** Canton code, one of the province's. */
  canton: Scalars['String']['output'];
  /** The canton's name; empty for an unknown code. */
  cantonName: Scalars['String']['output'];
  /** Street directions, the Costa Rican way ("200 m norte de la iglesia"). */
  directions: Scalars['String']['output'];
  /** District code, one of the canton's. */
  district: Scalars['String']['output'];
  /** The district's name; empty for an unknown code. */
  districtName: Scalars['String']['output'];
  /** A Google Maps link to the lot: its coordinates, or a search for its address. */
  googleMapsUrl: Scalars['String']['output'];
  /** The seven weekdays, Monday first. */
  hours: Array<DealerDay>;
  /** Latitude of the lot in degrees (in Costa Rica); null when not given. */
  latitude?: Maybe<Scalars['Float']['output']>;
  /** Longitude of the lot in degrees (in Costa Rica); null when not given. */
  longitude?: Maybe<Scalars['Float']['output']>;
  /** Province code of the business (1 to 7). */
  province: Scalars['String']['output'];
  /** The province's name (place names are the same in both languages); empty for an unknown code. */
  provinceName: Scalars['String']['output'];
  /** A Waze link to drive to the lot: its coordinates, or a search for its address. */
  wazeUrl: Scalars['String']['output'];
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

/** Electronic-invoice data (factura electrónica), as validated by @ruedas/domain `invoiceSchema`. */
export type ElectronicInvoice = {
  __typename?: 'ElectronicInvoice';
  /** The buyer's address. */
  address: Scalars['String']['output'];
  /** Canton code. */
  canton: Scalars['String']['output'];
  /** District code. */
  district: Scalars['String']['output'];
  /** Where the electronic invoice is mailed. */
  email: Scalars['String']['output'];
  /** The buyer's full name or company name. */
  fullname: Scalars['String']['output'];
  /** Kind of identification of the buyer. */
  idType: IdType;
  /** The buyer's identification number. */
  identification: Scalars['String']['output'];
  /** The buyer's phone. */
  phone: Scalars['String']['output'];
  /** Province code (1 to 7). */
  province: Scalars['String']['output'];
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

/** The signed-in buyer's alerts on favourites: a mail when a favourite's price drops or it is sold. */
export type FavouriteAlertSettings = {
  __typename?: 'FavouriteAlertSettings';
  /** True: every favourite alerts (the global toggle); false: only the chosen ones. */
  allFavourites: Scalars['Boolean']['output'];
  /** Ids of the favourites chosen one by one. */
  chosen: Array<Scalars['ID']['output']>;
  /** True while every favourite alert is paused (by its owner, or by the unsubscribe link of a mail). */
  paused: Scalars['Boolean']['output'];
};

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

/**
 * A global parameter (spec 02 §3: id, label, quantity) with its rule. Counts, days and minutes take
 * whole numbers from 1 to 100; prices are amounts (0 or more, 2 decimals); the exchange rate 1 to
 * 100,000 with 2 decimals.
 */
export type GlobalParameter = {
  __typename?: 'GlobalParameter';
  /** The value it has until it is changed. */
  defaultValue: Scalars['Float']['output'];
  /** The parameter's key, e.g. ITEMS_PER_LIST. */
  id: Scalars['ID']['output'];
  /** Whether the value must be a whole number. */
  integer: Scalars['Boolean']['output'];
  /** In the request's language (Accept-Language). */
  label: Scalars['String']['output'];
  /** The largest value accepted. */
  max: Scalars['Float']['output'];
  /** The smallest value accepted. */
  min: Scalars['Float']['output'];
  /** The value in force. */
  quantity: Scalars['Float']['output'];
  /** What the value counts. */
  unit: ParameterUnit;
};

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

/**
 * An invoice of the signed-in seller (or, for admins, anybody's). Only created when the total is
 * above 0. Amounts in CRC with 2 decimals.
 */
export type Invoice = {
  __typename?: 'Invoice';
  /**
   * The total, in `currency` (CRC), 2 decimals.
   * @deprecated Use total (Money).
   */
  amount: Scalars['Float']['output'];
  /** Whether the seller may still cancel it (PAID ad invoice, within 1 day of payment). */
  cancellable: Scalars['Boolean']['output'];
  /** Internal invoice number (codigoint), sequential. */
  codigoint: Scalars['String']['output'];
  /** When the invoice was opened. */
  createdAt: Scalars['DateTime']['output'];
  /**
   * ISO 8601 text.
   * @deprecated Use createdAt (a DateTime).
   */
  creationDate: Scalars['String']['output'];
  /**
   * Always CRC.
   * @deprecated Use total (Money), whose currency is an enum.
   */
  currency: Scalars['String']['output'];
  /** Null when no electronic invoice was asked for. */
  electronicInvoice?: Maybe<ElectronicInvoice>;
  /** The invoice's id. */
  id: Scalars['ID']['output'];
  /** What it pays for. */
  kind: InvoiceKind;
  /** Level of the ad or plan. */
  level: Level;
  /** The ad it pays for (OPPORTUNITY). */
  opportunityId?: Maybe<Scalars['ID']['output']>;
  /**
   * ISO 8601; null until PAID.
   * @deprecated Use paymentReceivedAt (a DateTime).
   */
  paidAt?: Maybe<Scalars['String']['output']>;
  /** How it was (or is being) paid; null while NEW. */
  paymentMethod?: Maybe<PaymentMethod>;
  /** When the payment was received; null until PAID. */
  paymentReceivedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The plan it buys (PLAN). */
  plan?: Maybe<PlanPurchase>;
  /** Whether it includes quick approval (a free ad's purchase; paid levels always include it). */
  quickApproval: Scalars['Boolean']['output'];
  /** Where to pay it (the provider's checkout); null unless NEW. */
  redirectUrl?: Maybe<Scalars['String']['output']>;
  /** Mobile-transfer reference given by the seller. */
  refnum?: Maybe<Scalars['String']['output']>;
  /** The refund, once CANCELLED. */
  refund?: Maybe<Refund>;
  /** Where it stands. */
  status: InvoiceStatus;
  /** The total to pay. */
  total: Money;
  /** Who pays it. */
  user: User;
};

/** What an invoice pays for. */
export type InvoiceKind =
  /** One ad (a paid level, or quick approval of a free ad). */
  | 'OPPORTUNITY'
  /** A prepaid plan of ads of one level. */
  | 'PLAN';

/** One page of invoices. */
export type InvoicePage = {
  __typename?: 'InvoicePage';
  /** The invoices of this page. */
  items: Array<Invoice>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

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

/** Prices of the three paid levels, in CRC. */
export type LevelPrices = {
  __typename?: 'LevelPrices';
  /** A BRONZE ad. */
  bronze: Money;
  /**
   * A BRONZE ad, in CRC.
   * @deprecated Use bronze (Money).
   */
  bronzeLevel: Scalars['Float']['output'];
  /** A GOLD ad. */
  gold: Money;
  /**
   * A GOLD ad, in CRC.
   * @deprecated Use gold (Money).
   */
  goldLevel: Scalars['Float']['output'];
  /** A SILVER ad. */
  silver: Money;
  /**
   * A SILVER ad, in CRC.
   * @deprecated Use silver (Money).
   */
  silverLevel: Scalars['Float']['output'];
};

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

/**
 * The estimated market range of a car from the public ads like it (the ad wizard's pricing help), computed
 * like an ad's fair-price rating. With too few comparable ads (fewer than 5) `enough` is false and
 * every amount is null.
 */
export type MarketPriceRange = {
  __typename?: 'MarketPriceRange';
  /** Which comparable ads the estimate rests on; NONE when not enough. */
  basis: PriceRatingBasis;
  /** How many comparable public ads the estimate rests on. */
  comparableCount: Scalars['Int']['output'];
  /** The currency of `estimate`, `low` and `high` (the one asked for). */
  currency: Currency;
  /** Whether enough comparable public ads were found to estimate a range. */
  enough: Scalars['Boolean']['output'];
  /**
   * The estimate in `currency`, rounded: colones to the thousand, dollars (at the EXCHANGE_RATE_CRC_PER_USD parameter) to the hundred.
   * @deprecated Use estimatedPrice (Money).
   */
  estimate?: Maybe<Scalars['Float']['output']>;
  /**
   * The estimated market price in colones (median of the comparables carried to this car's year and mileage).
   * @deprecated Use estimatedPrice (Money; ask for currency CRC for colones).
   */
  estimateCrc?: Maybe<Scalars['Float']['output']>;
  /** The estimated market price in `currency`, rounded: colones to the thousand, dollars (at the EXCHANGE_RATE_CRC_PER_USD parameter) to the hundred; null when not enough. */
  estimatedPrice?: Maybe<Money>;
  /**
   * The high end in `currency`.
   * @deprecated Use highPrice (Money).
   */
  high?: Maybe<Scalars['Float']['output']>;
  /**
   * The high end of the usual range in colones (75th percentile).
   * @deprecated Use highPrice (Money; ask for currency CRC for colones).
   */
  highCrc?: Maybe<Scalars['Float']['output']>;
  /** The high end of the usual range (75th percentile) in `currency`, rounded as the estimate; null when not enough. */
  highPrice?: Maybe<Money>;
  /**
   * The low end in `currency`.
   * @deprecated Use lowPrice (Money).
   */
  low?: Maybe<Scalars['Float']['output']>;
  /**
   * The low end of the usual range in colones (25th percentile).
   * @deprecated Use lowPrice (Money; ask for currency CRC for colones).
   */
  lowCrc?: Maybe<Scalars['Float']['output']>;
  /** The low end of the usual range (25th percentile) in `currency`, rounded as the estimate; null when not enough. */
  lowPrice?: Maybe<Money>;
};

/** Unit of a mileage. */
export type MileageUnit =
  /** Kilometres. */
  | 'KM'
  /** Miles. */
  | 'MI';

/** An amount of money: a decimal string with 2 decimals (no binary rounding) and its currency. */
export type Money = {
  __typename?: 'Money';
  /** The amount, e.g. "9500000.00". */
  amount: Scalars['String']['output'];
  /** Its currency. */
  currency: Currency;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Adds a public ad to the signed-in user's favourites (at most MAX_FAVOURITES_PER_USER global parameter). */
  addToWishList: Opportunity;
  /**
   * Edits any user: ADMINISTRATOR (every field) or IMPERSONALIZATOR (an ADVERTISER's or TESTUSER's
   * data, not the role nor the e-mail: FORBIDDEN).
   */
  adminUpdateUser: User;
  /**
   * Approves an ad of the review queue, as the administrator saw it: answers once listings applied it;
   * CONFLICT in words when the seller changed the ad since that version or it no longer waits for
   * review; UNAVAILABLE when no answer came in time. Administrators.
   */
  approveOpportunity: ReviewDecision;
  /** Buys a prepaid plan: opens an invoice and answers where to pay it. */
  buyPlan: PlanCheckoutResult;
  /**
   * The seller cancels a paid ad up to 1 day after its payment: the invoice is CANCELLED, a refund is
   * recorded for an admin, and the ad leaves the public lists (EXPIRED).
   */
  cancelOpportunityPayment: Invoice;
  /** Sets the signed-in user's language. */
  changeLanguage: Language;
  /**
   * Settles an ad the signed-in seller created (createOpportunity of the listings subgraph): a free
   * ad without quick approval costs nothing and waits for review; a paid level is covered by a unit
   * of the seller's plan of that level when it has one (isPayed), otherwise an invoice is opened and
   * `redirectUrl` leads to the payment. Idempotent per ad: checking out again answers the same open
   * invoice, and a paid ad is charged once. Billing learns ads from listings' events: pass the `level`
   * and `autoApproval` the ad was just saved with (createOpportunity's or updateOpportunity's answer)
   * so that billing waits for that change to arrive instead of settling the ad as it was before.
   */
  checkoutOpportunity: CheckoutResult;
  /** Activates the account of a mailed link (`/accountConfirmed/<link>`). 0004 for a used or unknown link. */
  confirmAccount: Scalars['Boolean']['output'];
  /**
   * Applies the payment provider's signed response (the `response` query value of /paymentResultView
   * and /buyPlanResult). Verified (signature, age, amount, currency, invoice, not reused) before
   * anything is paid; a second delivery of the same response changes nothing and answers the same.
   * Public: the signature is the proof.
   */
  confirmPayment: PaymentResult;
  /** *Admin.* Confirms a transfer: the invoice is paid. */
  confirmTransfer: Invoice;
  /**
   * Creates an ad of the signed-in seller. It waits in PENDING_APPROVAL (publishing and payment
   * decide the rest: `paymentPending` when it needs a payment, settled by billing's
   * `checkoutOpportunity`). Photos must be the seller's own and within the level's cap. `requestId`
   * (1 to 100 characters) is an idempotency key: the same seller and key answer the same ad, so a
   * double submit creates one ad.
   */
  createOpportunity: Opportunity;
  /** Deletes one of the signed-in user's saved searches and its pending alerts. */
  deleteSavedSearch: Scalars['Boolean']['output'];
  /**
   * Registers a person on their behalf (ADMINISTRATOR or IMPERSONALIZATOR): role ADVERTISER, no
   * password; the mail carries a link to set it, which also confirms the account.
   */
  impersonalRegister: User;
  /** Counts one view of an ad and answers the new count. Public. */
  incrementViewCount: Scalars['Int']['output'];
  /**
   * Opens a session. 0001 wrong e-mail or password (same answer whether the e-mail exists), 0002 not
   * confirmed, 0005 locked after FAILED_LOGINS_BEFORE_LOCKOUT failures (LOCKOUT_MINUTES, or reset),
   * for an unknown e-mail alike. RATE_LIMITED (HTTP 429, Retry-After) beyond 10 attempts per e-mail or
   * 50 failed ones per client address in 15 minutes.
   */
  login: Session;
  /** Ends the caller's session everywhere: the token answers 0003 from then on. */
  logout: Scalars['Boolean']['output'];
  /** The owner marks a public ad SOLD; final for the owner. */
  markOpportunitySold: Opportunity;
  /** *Admin.* Marks a refund carried out. */
  markRefundDone: Refund;
  /** Records a contact click on a public ad, once per client and ad every 5 minutes. Anybody. */
  recordContactClick: ContactClick;
  /** Counts one share of a public ad for its owner's figures. Public; answers true. */
  recordOpportunityShare: Scalars['Boolean']['output'];
  /**
   * Where the payment of an invoice stands, asked of the payment provider (the return to
   * /paymentResultView and /buyPlanResult from a provider that sends `?invoice=<id>`): applied like its
   * webhook would be (an approval pays the invoice once), so it answers correctly before or after the
   * webhook. Its owner or an admin; NOT_FOUND otherwise.
   */
  refreshPayment: PaymentResult;
  /**
   * Creates a NOT_CONFIRMED account and mails the confirmation link (in the chosen language); for an
   * e-mail that already has an account, answers the same and mails its owner instead (no account is
   * made). `captchaToken` is required unless the caller is on the local machine or no captcha provider
   * is configured. Answers true. RATE_LIMITED (HTTP 429, Retry-After) beyond 20 an hour per client
   * address or 3 an hour per e-mail.
   */
  register: Scalars['Boolean']['output'];
  /**
   * Rejects an ad of the review queue, as the administrator saw it; the reason (required, at most 500
   * characters) is mailed to the owner. Answers once applied, like approveOpportunity. Administrators.
   */
  rejectOpportunity: ReviewDecision;
  /** *Admin.* Refuses a transfer reference: the invoice is payable again. */
  rejectTransfer: Invoice;
  /** Removes an ad from the signed-in user's favourites; true when it was there. */
  removeFromWishList: Scalars['Boolean']['output'];
  /**
   * Reports a public ad. Anybody, visitors too. One unresolved complaint per person and ad (CONFLICT),
   * at most 5 an hour per person and 20 an hour per client address (RATE_LIMITED).
   */
  reportOpportunity: Complaint;
  /**
   * Mails a single-use reset link (`/passwordReset/<token>`, valid 60 minutes) in `locale` if the
   * account exists, at most 5 an hour per account (beyond, nothing is mailed and the links already
   * mailed still work). Always true, in the same time whether the account exists; RATE_LIMITED
   * (HTTP 429, Retry-After) beyond 30 requests an hour per client address.
   */
  requestPasswordReset: Scalars['Boolean']['output'];
  /**
   * Sets a new password from a reset link (also the first password of an impersonal registration,
   * which confirms the account). Unblocks the account and ends its sessions. `resetLinkInvalid` when
   * used, expired or unknown; the new password must differ from the current one (`samePassword`).
   */
  resetPassword: Scalars['Boolean']['output'];
  /**
   * Marks a complaint resolved with what was done about it, recorded in the audit trail (resolving a
   * resolved one changes nothing). NO_ACTION dismisses it: the reporter's next reports weigh less.
   * Without an outcome (the legacy REST path), a report of an ad still public counts as dismissed. Administrators.
   */
  resolveComplaint: Complaint;
  /** Saves a search with its alert for the signed-in user (at most MAX_SAVED_SEARCHES_PER_USER global parameter). */
  saveSearch: SavedSearch;
  /** Turns the alert of one favourite on or off; NOT_FOUND when the ad is not among the signed-in user's favourites. */
  setFavouriteAlert: FavouriteAlertSettings;
  /** Turns the global toggle (every favourite) on or off, or pauses / resumes every favourite alert of the signed-in user. */
  setFavouriteAlerts: FavouriteAlertSettings;
  /** The seller pays an open invoice by mobile transfer: the reference waits for an admin's confirmation. */
  submitTransferReference: Invoice;
  /** Pauses every favourite alert of the user an alert mail's unsubscribe token names. Needs no session (the token is signed). */
  unsubscribeFavouriteAlerts: Scalars['Boolean']['output'];
  /** Pauses the alerts of the saved search an alert mail's unsubscribe token names. Needs no session (the token is signed). */
  unsubscribeSavedSearch: UnsubscribedSavedSearch;
  /**
   * Sets a merchant's business address, opening hours and map place, shown on their seller page.
   * `userId` left out: the caller's own (not for IMPERSONALIZATOR). Another user's: ADMINISTRATOR, or
   * IMPERSONALIZATOR for an ADVERTISER's or TESTUSER's account; anybody else FORBIDDEN. VALIDATION
   * with `fields` for bad input (nothing changes), `dealerInfoForMerchantsOnly` for a PERSON.
   */
  updateDealerInfo: User;
  /** Changes one global parameter. Administrators. */
  updateGlobalParameter: GlobalParameter;
  /**
   * Changes global parameters (all or nothing: VALIDATION names each bad id). Each changed value is
   * published to every service, which applies it without a restart. Answers every parameter. Administrators.
   */
  updateGlobalParameters: Array<GlobalParameter>;
  /** Updates one's own profile. Not for IMPERSONALIZATOR (FORBIDDEN). */
  updateMyProfile: User;
  /**
   * Edits an ad: its owner or an administrator. An owner's edit of a public ad makes it MODIFIED
   * (online, back in the review queue); the plate and level are kept unless given.
   */
  updateOpportunity: Opportunity;
  /** *Admin.* Sets any status; recorded in the history. */
  updateOpportunityStatus: Opportunity;
  /** Renames, changes the frequency of, pauses or resumes one of the signed-in user's saved searches. */
  updateSavedSearch: SavedSearch;
};


export type MutationAddToWishListArgs = {
  opportunityId: Scalars['ID']['input'];
};


export type MutationAdminUpdateUserArgs = {
  input: AdminUserInput;
};


export type MutationApproveOpportunityArgs = {
  id: Scalars['ID']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationBuyPlanArgs = {
  invoice?: InputMaybe<ElectronicInvoiceInput>;
  plan: PlanInput;
};


export type MutationCancelOpportunityPaymentArgs = {
  opportunityId: Scalars['ID']['input'];
};


export type MutationChangeLanguageArgs = {
  language: Language;
};


export type MutationCheckoutOpportunityArgs = {
  autoApproval?: InputMaybe<Scalars['Boolean']['input']>;
  invoice?: InputMaybe<ElectronicInvoiceInput>;
  level?: InputMaybe<Level>;
  opportunityId: Scalars['ID']['input'];
};


export type MutationConfirmAccountArgs = {
  link: Scalars['String']['input'];
};


export type MutationConfirmPaymentArgs = {
  response: Scalars['String']['input'];
};


export type MutationConfirmTransferArgs = {
  invoiceId: Scalars['ID']['input'];
};


export type MutationCreateOpportunityArgs = {
  input: OpportunityInput;
  requestId?: InputMaybe<Scalars['String']['input']>;
};


export type MutationDeleteSavedSearchArgs = {
  id: Scalars['ID']['input'];
};


export type MutationImpersonalRegisterArgs = {
  input: ImpersonalRegistrationInput;
};


export type MutationIncrementViewCountArgs = {
  opportunityId: Scalars['ID']['input'];
};


export type MutationLoginArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationMarkOpportunitySoldArgs = {
  id: Scalars['ID']['input'];
};


export type MutationMarkRefundDoneArgs = {
  refundId: Scalars['ID']['input'];
};


export type MutationRecordContactClickArgs = {
  clickType: ContactClickType;
  opportunityId: Scalars['ID']['input'];
};


export type MutationRecordOpportunityShareArgs = {
  channel?: InputMaybe<ShareChannel>;
  opportunityId: Scalars['ID']['input'];
};


export type MutationRefreshPaymentArgs = {
  invoiceId: Scalars['ID']['input'];
};


export type MutationRegisterArgs = {
  captchaToken?: InputMaybe<Scalars['String']['input']>;
  input: RegistrationInput;
};


export type MutationRejectOpportunityArgs = {
  id: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationRejectTransferArgs = {
  invoiceId: Scalars['ID']['input'];
};


export type MutationRemoveFromWishListArgs = {
  opportunityId: Scalars['ID']['input'];
};


export type MutationReportOpportunityArgs = {
  input: ComplaintInput;
};


export type MutationRequestPasswordResetArgs = {
  email: Scalars['String']['input'];
  locale?: InputMaybe<Language>;
};


export type MutationResetPasswordArgs = {
  password: Scalars['String']['input'];
  passwordConfirm?: InputMaybe<Scalars['String']['input']>;
  token: Scalars['String']['input'];
};


export type MutationResolveComplaintArgs = {
  id: Scalars['ID']['input'];
  outcome?: InputMaybe<ComplaintOutcome>;
};


export type MutationSaveSearchArgs = {
  input: SavedSearchInput;
};


export type MutationSetFavouriteAlertArgs = {
  enabled: Scalars['Boolean']['input'];
  opportunityId: Scalars['ID']['input'];
};


export type MutationSetFavouriteAlertsArgs = {
  allFavourites?: InputMaybe<Scalars['Boolean']['input']>;
  paused?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationSubmitTransferReferenceArgs = {
  invoiceId: Scalars['ID']['input'];
  refnum: Scalars['String']['input'];
};


export type MutationUnsubscribeFavouriteAlertsArgs = {
  token: Scalars['String']['input'];
};


export type MutationUnsubscribeSavedSearchArgs = {
  token: Scalars['String']['input'];
};


export type MutationUpdateDealerInfoArgs = {
  input: DealerInfoInput;
  userId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationUpdateGlobalParameterArgs = {
  id: Scalars['ID']['input'];
  quantity: Scalars['Float']['input'];
};


export type MutationUpdateGlobalParametersArgs = {
  parameters: Array<GlobalParameterInput>;
};


export type MutationUpdateMyProfileArgs = {
  input: ProfileInput;
};


export type MutationUpdateOpportunityArgs = {
  id: Scalars['ID']['input'];
  input: OpportunityInput;
};


export type MutationUpdateOpportunityStatusArgs = {
  id: Scalars['ID']['input'];
  status: OpportunityStatus;
};


export type MutationUpdateSavedSearchArgs = {
  change: SavedSearchChangeInput;
  id: Scalars['ID']['input'];
};

/** One opening range of a day, in Costa Rica time. */
export type OpeningRange = {
  __typename?: 'OpeningRange';
  /** Closing time, 24-hour HH:MM, later than `opens` the same day (24:00 is midnight). */
  closes: Scalars['String']['output'];
  /** Opening time, 24-hour HH:MM. */
  opens: Scalars['String']['output'];
};

/** One opening range to set. */
export type OpeningRangeInput = {
  /** Closing time, 24-hour HH:MM, after `opens` (`closesBeforeOpens` otherwise). */
  closes?: InputMaybe<Scalars['String']['input']>;
  /** Opening time, 24-hour HH:MM. */
  opens?: InputMaybe<Scalars['String']['input']>;
};

/**
 * A car ad ("opportunity"). Anyone may read a public ad; the owner and administrators may read it
 * in any status. Fields marked *owner* answer null to anybody else.
 */
export type Opportunity = {
  __typename?: 'Opportunity';
  /** The asking price, in the ad's currency. */
  askingPrice: Money;
  /** Photo ids; the first is the cover. */
  attachmentIds: Array<Scalars['String']['output']>;
  /** Quick approval (FREE ads only; paid levels always include it). */
  autoApproval: Scalars['Boolean']['output'];
  /** Brand code of @ruedas/domain (TOYOTA, MERCEDES_BENZ, ...). */
  brand: Scalars['String']['output'];
  /** Canton code (e.g. 101). */
  canton: Scalars['String']['output'];
  /** *Owner.* The plate. */
  carIdNumber?: Maybe<Scalars['String']['output']>;
  /** *Owner.* When the ad was created. */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** Currency of the price and the transfer cost. */
  currency: Currency;
  /**
   * *Owner.* When the ad was created (ISO 8601 text).
   * @deprecated Use createdAt (a DateTime).
   */
  dateCreated?: Maybe<Scalars['String']['output']>;
  /** Whole days since the ad first went public; null when it never did. */
  daysOnMarket?: Maybe<Scalars['Int']['output']>;
  /** The seller's own words about the car (negotiable, trade-in, financing); empty when none. Reviewed like the rest of the ad. */
  description: Scalars['String']['output'];
  /** District code (e.g. 10101). */
  district: Scalars['String']['output'];
  /**
   * *Owner.* End of the current period of life (ISO 8601 text); null while not public.
   * @deprecated Use periodEndsAt (a DateTime).
   */
  expiresAt?: Maybe<Scalars['String']['output']>;
  /** Exterior colour code of @ruedas/domain (e.g. Blanco). */
  exteriorColor: Scalars['String']['output'];
  /**
   * The suggested colour (a colour code of @ruedas/domain, e.g. BLACK) that `exteriorColor` names: its
   * code, or a colour name in either language within the typo rule ("negra"); null when it names none
   * (a colour in the seller's own words). Clients show that colour's label in their language.
   */
  exteriorColorCode?: Maybe<Scalars['String']['output']>;
  /** Extra keys of @ruedas/domain, in the order ticked. */
  extraList: Array<Scalars['String']['output']>;
  /**
   * When the ad first went public (ISO 8601): days on market count from it; null before that.
   * @deprecated Use publicSince (a DateTime).
   */
  firstPublishedAt?: Maybe<Scalars['String']['output']>;
  /** Fuel or power source. */
  fuelType: FuelType;
  /** The ad's id. */
  id: Scalars['ID']['output'];
  /** Interior colour code of @ruedas/domain. */
  interiorColor: Scalars['String']['output'];
  /** The suggested colour that `interiorColor` names, as `exteriorColorCode`; null when none. */
  interiorColorCode?: Maybe<Scalars['String']['output']>;
  /** Whether the signed-in user keeps it among favourites (false for a visitor). */
  isFavorite: Scalars['Boolean']['output'];
  /** Whether the signed-in user owns it. */
  isMine: Scalars['Boolean']['output'];
  /** True for 4 days after the ad went public. */
  isNew: Scalars['Boolean']['output'];
  /** Empty when none. */
  knownDamage: Scalars['String']['output'];
  /** When the ad last went public; null before that. */
  lastPublishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Paid level (photos, order in lists, carousel). */
  level: Level;
  /** Ribbon or custom gold message; empty when none. */
  message: Scalars['String']['output'];
  /** Distance driven, in `mileageUnit`. */
  mileage: Scalars['Int']['output'];
  /** Unit of `mileage`. */
  mileageUnit: MileageUnit;
  /** Model, as the seller wrote it (e.g. Corolla). */
  model: Scalars['String']['output'];
  /** Engine size in cc; 0 when not given. */
  motorSizeCC: Scalars['Int']['output'];
  /** 2, 3, 4, 5, 7, or 888 for more than 7. */
  passengersNumber: Scalars['Int']['output'];
  /** Whether the yearly road tax (marchamo) is paid. */
  payTaxes: Scalars['Boolean']['output'];
  /**
   * *Owner.* True while the ad waits for a payment that has not completed (a paid level, or a free ad
   * with quick approval): billing's `checkoutOpportunity` settles it; paid, it goes public at once.
   */
  paymentPending?: Maybe<Scalars['Boolean']['output']>;
  /** *Owner.* End of the current period of life; null while not public. */
  periodEndsAt?: Maybe<Scalars['DateTime']['output']>;
  /** The ad's contact phones, WhatsApp first. */
  phoneList: Array<Phone>;
  /** The photos, in order; the first is the cover. */
  photos: Array<Photo>;
  /**
   * Where the car is, in words: the district, canton and province names of `district`, `canton` and
   * `province` ("Carmen, San José, San José"), leaving out a code the tables do not know; place names
   * are the same in both languages.
   */
  place: Scalars['String']['output'];
  /**
   * In `currency`.
   * @deprecated Use askingPrice (Money: a decimal string with its currency).
   */
  price: Scalars['Float']['output'];
  /**
   * The price in colones at the current exchange rate (EXCHANGE_RATE_CRC_PER_USD global parameter).
   * @deprecated Use priceInColones (Money).
   */
  priceCrc: Scalars['Float']['output'];
  /** The price's last change when it was a drop within the PRICE_DROP_DAYS parameter (default 14 days) and the ad is public; null otherwise. */
  priceDrop?: Maybe<PriceDrop>;
  /** Each change of the price once the ad had been public, oldest first. */
  priceHistory: Array<PriceChange>;
  /** The asking price in colones at the current exchange rate (EXCHANGE_RATE_CRC_PER_USD global parameter). */
  priceInColones: Money;
  /**
   * The fair-price rating of a public ad: its estimated market price from comparable public ads, the
   * range and how many ads it rests on, and a label. Null for an ad that is not public.
   */
  priceRating?: Maybe<PriceRating>;
  /** Province code (1 to 7). */
  province: Scalars['String']['output'];
  /** When the ad first went public: days on market count from it; null before that. */
  publicSince?: Maybe<Scalars['DateTime']['output']>;
  /**
   * When the ad last went public (ISO 8601 text); null before that.
   * @deprecated Use lastPublishedAt (a DateTime).
   */
  publishedAt?: Maybe<Scalars['String']['output']>;
  /** *Owner.* The reason an administrator gave when rejecting the ad (also mailed); null unless REJECTED. */
  rejectionReason?: Maybe<Scalars['String']['output']>;
  /** Where the ad is in its life. */
  status: OpportunityStatus;
  /** Body style. */
  style: Style;
  /** The transfer cost (traspaso), in the ad's currency; 0.00 when not given. */
  transferCost: Money;
  /**
   * Transfer cost in `currency`; 0 when not given.
   * @deprecated Use transferCost (Money).
   */
  transferPrice: Scalars['Float']['output'];
  /** Gearbox. */
  transmissionType: TransmissionType;
  /** The seller. */
  user: User;
  /** How many times the ad was opened. */
  viewCount: Scalars['Int']['output'];
  /** Model year. */
  year: Scalars['Int']['output'];
};

/** How to reach the seller of an ad. */
export type OpportunityContact = {
  __typename?: 'OpportunityContact';
  /** Merchant name for a merchant, otherwise the name and surnames. */
  fullName: Scalars['String']['output'];
  /** The ad's phones, WhatsApp first. */
  phones: Array<Phone>;
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

/** A page of ads, in the API's page shape. Pages count from 1; the page size is the ITEMS_PER_LIST global parameter. */
export type OpportunityPage = {
  __typename?: 'OpportunityPage';
  /** The ads of this page. */
  items: Array<Opportunity>;
  /** The cursor of the page after this one, to pass as `after`: that page is read from the index without the pages before it. Null on the last page. */
  next?: Maybe<Scalars['String']['output']>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
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

/** How many of the signed-in seller's ads are in one owner status. */
export type OwnerStatusCount = {
  __typename?: 'OwnerStatusCount';
  /** How many of the seller's ads are in it. */
  count: Scalars['Int']['output'];
  /** The owner status. */
  status: OpportunityStatus;
};

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

/**
 * The answer to a provider response. APPROVED: the invoice is paid (the ad goes public at once, or
 * the plan's balance grows). DECLINED and CANCELLED: nothing is paid and the invoice stays payable.
 * PENDING: nothing paid yet (the buyer may still be paying). DEFERRED: a SINPE Móvil payment (or a
 * transfer) waits for its approval; the invoice is paid once it arrives.
 */
export type PaymentResult = {
  __typename?: 'PaymentResult';
  /**
   * CRC.
   * @deprecated Use total (Money).
   */
  amount: Scalars['Float']['output'];
  /**
   * The invoice's currency.
   * @deprecated Use total (Money), whose currency is an enum.
   */
  currency: Scalars['String']['output'];
  /** The invoice paid (or not). */
  invoiceId: Scalars['ID']['output'];
  /** Whether the invoice is paid. */
  isPayed: Scalars['Boolean']['output'];
  /** What it pays for. */
  kind: InvoiceKind;
  /** The ad paid for (OPPORTUNITY). */
  opportunityId?: Maybe<Scalars['ID']['output']>;
  /** What happened at the provider. */
  outcome: PaymentOutcome;
  /** How it was paid, once paid (CARD; MOBILE_TRANSFER for SINPE Móvil or a confirmed transfer). */
  paymentMethod?: Maybe<PaymentMethod>;
  /** The plan bought (PLAN). */
  plan?: Maybe<PlanPurchase>;
  /** The invoice's total. */
  total: Money;
};

/** One phone of a user or an ad: 8 digits, WhatsApp by default. */
export type Phone = {
  __typename?: 'Phone';
  /** 8 digits, as given (e.g. 8888-1234). */
  phone: Scalars['String']['output'];
  /** What kind of line it is. */
  phoneType: PhoneType;
};

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

/** A photo, served by the media service. */
export type Photo = {
  __typename?: 'Photo';
  /** Height of the display size, in pixels. */
  height: Scalars['Int']['output'];
  /** The photo's id. */
  id: Scalars['ID']['output'];
  /** Absolute URL of the thumbnail (the display size's URL with ?thumb=true). */
  thumbUrl: Scalars['String']['output'];
  /** Absolute URL of the display size on the site's public address (RUEDAS_PUBLIC_URL), e.g. https://ruedas.cr/api/v1/attachment/{id}. */
  url: Scalars['String']['output'];
  /** Width of the display size, in pixels. */
  width: Scalars['Int']['output'];
};

/** One page of photos. */
export type PhotoPage = {
  __typename?: 'PhotoPage';
  /** The photos of this page. */
  items: Array<Photo>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Photos a page. */
  pageSize: Scalars['Int']['output'];
  /** How many photos there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

/**
 * The seller's plan of one level. `availableOpportunities` can be used until `expirationDate`;
 * after it the plan is `blocked` and its units can't be used until a new plan of the same level is
 * bought (which unblocks them and adds the new quantity).
 */
export type PlanBalance = {
  __typename?: 'PlanBalance';
  /** Ads left to publish with the plan. */
  availableOpportunities: Scalars['Int']['output'];
  /** Whether the plan expired with units left (a new plan of the level unblocks them). */
  blocked: Scalars['Boolean']['output'];
  /**
   * ISO 8601; null when the seller never had a plan of this level.
   * @deprecated Use expiresAt (a DateTime).
   */
  expirationDate?: Maybe<Scalars['String']['output']>;
  /** When the plan's units stop being usable; null when the seller never had a plan of this level. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The plan's level. */
  planLevel: PlanLevel;
};

/** The answer to a plan purchase: send the browser to `redirectUrl`. */
export type PlanCheckoutResult = {
  __typename?: 'PlanCheckoutResult';
  /** The invoice opened. */
  invoice: Invoice;
  /** Where to send the browser to pay. */
  redirectUrl: Scalars['String']['output'];
};

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

/** What a plan invoice bought. */
export type PlanPurchase = {
  __typename?: 'PlanPurchase';
  /** The plan's level. */
  planLevel: PlanLevel;
  /** How many ads it holds. */
  totalOpportunities: Scalars['Int']['output'];
};

/** One change of an ad's price. */
export type PriceChange = {
  __typename?: 'PriceChange';
  /**
   * When the price changed (ISO 8601).
   * @deprecated Use occurredAt (a DateTime).
   */
  changedAt: Scalars['String']['output'];
  /** The currency of the price after. */
  newCurrency: Currency;
  /**
   * The price after, in `newCurrency`.
   * @deprecated Use priceAfter (Money).
   */
  newPrice: Scalars['Float']['output'];
  /** When the price changed. */
  occurredAt: Scalars['DateTime']['output'];
  /** The currency of the price before. */
  oldCurrency: Currency;
  /**
   * The price before, in `oldCurrency`.
   * @deprecated Use priceBefore (Money).
   */
  oldPrice: Scalars['Float']['output'];
  /** The price after the change, in its currency. */
  priceAfter: Money;
  /** The price before the change, in its currency. */
  priceBefore: Money;
};

/** A recent drop of an ad's price. */
export type PriceDrop = {
  __typename?: 'PriceDrop';
  /**
   * How much it dropped, in `currency` (colones when the currency changed).
   * @deprecated Use droppedBy (Money).
   */
  amount: Scalars['Float']['output'];
  /**
   * When the price dropped (ISO 8601).
   * @deprecated Use occurredAt (a DateTime).
   */
  changedAt: Scalars['String']['output'];
  /** The currency of `amount`. */
  currency: Currency;
  /** How much it dropped (in colones when the currency changed). */
  droppedBy: Money;
  /** When the price dropped. */
  occurredAt: Scalars['DateTime']['output'];
  /** How much it dropped, in percent of the price before. */
  percent: Scalars['Float']['output'];
  /** The currency of the price before the drop. */
  previousCurrency: Currency;
  /**
   * The price before the drop, in `previousCurrency`.
   * @deprecated Use priceBefore (Money).
   */
  previousPrice: Scalars['Float']['output'];
  /** The price before the drop, in its currency. */
  priceBefore: Money;
};

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

/**
 * The fair-price rating of an ad: how its price compares with the estimated market price of comparable public ads. Prices are in colones; dollar prices are converted with
 * the EXCHANGE_RATE_CRC_PER_USD parameter. Fresh within seconds of any change of a public ad.
 */
export type PriceRating = {
  __typename?: 'PriceRating';
  /** Which comparable ads the estimate rests on; NONE when there is no estimate. */
  basis: PriceRatingBasis;
  /** How many comparable ads the estimate rests on (the ad itself never counts). */
  comparableCount: Scalars['Int']['output'];
  /** The comparables' prices in colones carried to this car's year and mileage, lowest first (at most 60, evenly picked), for a chart. */
  comparablePrices: Array<Money>;
  /**
   * The comparables' prices in colones carried to this car's year and mileage, lowest first (at most 60, evenly picked), for a chart.
   * @deprecated Use comparablePrices (Money).
   */
  comparablePricesCrc: Array<Scalars['Float']['output']>;
  /** The price's difference from the estimate in percent (negative: below the estimate); null with NONE. */
  differencePercent?: Maybe<Scalars['Float']['output']>;
  /** The estimated market price in colones (median of the comparables carried to this car); null with NONE. */
  estimate?: Maybe<Money>;
  /**
   * The estimated market price in colones (median of the comparables carried to this car); null with NONE.
   * @deprecated Use estimate (Money).
   */
  estimateCrc?: Maybe<Scalars['Float']['output']>;
  /**
   * The high end of the usual range in colones (75th percentile of the comparables); null with NONE.
   * @deprecated Use rangeHigh (Money).
   */
  highCrc?: Maybe<Scalars['Float']['output']>;
  /** The label of the price against the estimate. */
  label: PriceLabel;
  /**
   * The low end of the usual range in colones (25th percentile of the comparables); null with NONE.
   * @deprecated Use rangeLow (Money).
   */
  lowCrc?: Maybe<Scalars['Float']['output']>;
  /** The ad's price in colones. */
  price: Money;
  /**
   * The ad's price in colones.
   * @deprecated Use price (Money).
   */
  priceCrc: Scalars['Float']['output'];
  /** The high end of the usual range in colones (75th percentile of the comparables); null with NONE. */
  rangeHigh?: Maybe<Money>;
  /** The low end of the usual range in colones (25th percentile of the comparables); null with NONE. */
  rangeLow?: Maybe<Money>;
};

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
 * The prices, from the global parameters (SINGLE_PRICE_*, PLAN_PRICE_*, IMMEDIATE_APPROVAL_PRICE), in CRC.
 * A paid level includes quick approval; a free ad may buy it for `quickApproval`.
 */
export type Prices = {
  __typename?: 'Prices';
  /**
   * Always CRC.
   * @deprecated Every Money field carries its currency.
   */
  currency: Scalars['String']['output'];
  /** Price of one ad inside a prepaid plan. */
  inPlan: LevelPrices;
  /**
   * Quick (immediate) approval of a free ad, in CRC.
   * @deprecated Use quickApprovalPrice (Money).
   */
  quickApproval: Scalars['Float']['output'];
  /** Quick (immediate) approval of a free ad. */
  quickApprovalPrice: Money;
  /** Price of one ad bought on its own. */
  single: LevelPrices;
};

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

/**
 * Purchases of one user in one block (opportunities: ads settled in the period, by level, free ones
 * counted apart; plans: plans paid in the period, their ads by level). Amounts in CRC.
 */
export type PurchaseBlock = {
  __typename?: 'PurchaseBlock';
  /**
   * Paid for BRONZE ads, in CRC.
   * @deprecated Use bronzePaid (Money).
   */
  bronzeAmount: Scalars['Float']['output'];
  /** Paid for BRONZE ads. */
  bronzePaid: Money;
  /** BRONZE ads bought. */
  bronzeQuantity: Scalars['Int']['output'];
  /** Free ads (with or without quick approval; its price is in totalPaid). */
  freeQuantity: Scalars['Int']['output'];
  /**
   * Paid for GOLD ads, in CRC.
   * @deprecated Use goldPaid (Money).
   */
  goldAmount: Scalars['Float']['output'];
  /** Paid for GOLD ads. */
  goldPaid: Money;
  /** GOLD ads bought. */
  goldQuantity: Scalars['Int']['output'];
  /** Total paid in the period. */
  paid: Money;
  /**
   * Paid for SILVER ads, in CRC.
   * @deprecated Use silverPaid (Money).
   */
  silverAmount: Scalars['Float']['output'];
  /** Paid for SILVER ads. */
  silverPaid: Money;
  /** SILVER ads bought. */
  silverQuantity: Scalars['Int']['output'];
  /**
   * Total paid in the period, in CRC.
   * @deprecated Use paid (Money).
   */
  totalPaid: Scalars['Float']['output'];
  /** Ads settled (opportunities block) or plans bought (plans block). */
  totalPurchasesQuantity: Scalars['Int']['output'];
  /** The buyer's full name (merchant name for a merchant). */
  userFullName: Scalars['String']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** The longest seller's description an ad may have (the AD_DESCRIPTION_MAX_LENGTH global parameter). Public. */
  adDescriptionMaxLength: Scalars['Int']['output'];
  /** Public ads: GOLD first, then SILVER, BRONZE, FREE; newest first within a level. Public. */
  availableOpportunities: OpportunityPage;
  /** Complaints, newest first (unresolved by default), ITEMS_PER_LIST a page. Administrators. */
  complaints: ComplaintPage;
  /** Colones per US dollar (the EXCHANGE_RATE_CRC_PER_USD global parameter), for amounts shown in both currencies. Public. */
  crcPerUsd: Scalars['Float']['output'];
  /**
   * The dashboard: all-time figures and those of the period `firstDay`..`lastDay` (Costa Rica days,
   * both included; at most 366 days; defaults: the last 30 days up to today). VALIDATION
   * `invalidDateRange` otherwise. Administrators.
   */
  dashboard: Dashboard;
  /** Every global parameter with its value in force (a fixed list, one entry per parameter: not paged). Administrators. */
  globalParameters: Array<GlobalParameter>;
  /** Gold ads for the home carousel, newest first: GOLD_CAROUSEL_COUNT of them (a global parameter, 1 to 100), so not paged. Public. */
  homeCarousel: Array<Opportunity>;
  /** One invoice: its owner or an admin; NOT_FOUND otherwise. */
  invoice?: Maybe<Invoice>;
  /**
   * The estimated market range of the car a seller is describing (the ad wizard's pricing help).
   * Public; at most 60 requests a minute from one client address (RATE_LIMITED beyond, with Retry-After).
   */
  marketPriceRange: MarketPriceRange;
  /** Maximum number of ads in one plan purchase (100). Public. */
  maxPlanQuantity: Scalars['Int']['output'];
  /** The signed-in user. 0003 without a valid session. */
  me: User;
  /** Minimum number of ads in a plan purchase (MIN_ADS_IN_PLAN global parameter). Public. */
  minPlanQuantity: Scalars['Int']['output'];
  /** The signed-in seller's figures for every ad of theirs, newest first (a dealer's whole stock, at most 500 ads), over the last `days` days (1 to 90). */
  myAdInsights: Array<AdInsights>;
  /** The signed-in seller's figures for every ad of theirs (but deleted ones), newest first, one page, over the last `days` days (1 to 90). */
  myAdInsightsPage: AdInsightsPage;
  /** The signed-in user's alerts on favourites (0003 without a session). */
  myFavouriteAlerts: FavouriteAlertSettings;
  /** The signed-in seller's invoices, newest first, one page. */
  myInvoicePage: InvoicePage;
  /**
   * The signed-in seller's invoices, newest first (every one at once: use myInvoicePage).
   * @deprecated Use myInvoicePage (paged, with totals).
   */
  myInvoices: Array<Invoice>;
  /** The signed-in user's ads in one of the six owner statuses (PUBLIC_ONLINE by default), newest first. */
  myOpportunities: OpportunityPage;
  /** How many ads the signed-in user has in each of the six owner statuses (PUBLIC_ONLINE first; always six entries), so My ads opens on one that has ads. */
  myOpportunityCounts: Array<OwnerStatusCount>;
  /** The signed-in user's photos, newest first, one page (0003 without a valid session). */
  myPhotoPage: PhotoPage;
  /**
   * The signed-in user's photos, newest first (0003 without a valid session).
   * @deprecated Use myPhotoPage (paged, with totals).
   */
  myPhotos: Array<Photo>;
  /** The signed-in seller's plans, GOLD, SILVER, BRONZE (always three entries). */
  myPlanStatus: Array<PlanBalance>;
  /** The signed-in user's saved searches, newest first: at most MAX_SAVED_SEARCHES_PER_USER (a global parameter, 1 to 100), so not paged (0003 without a session). */
  mySavedSearches: Array<SavedSearch>;
  /** The signed-in user's favourites, newest first; a favourite that was sold or expired shows with that status. */
  myWishList: OpportunityPage;
  /** *Admin.* Every ad in a status, newest first. */
  opportunitiesByStatus: OpportunityPage;
  /** One ad: public ones for anybody, any status for its owner and administrators; NOT_FOUND otherwise. */
  opportunity?: Maybe<Opportunity>;
  /** The seller's name and the ad's phones, for a public ad. Public. */
  opportunityContact: OpportunityContact;
  /** An ad's funnel by day over the last `days` days (1 to 90, 30 by default), compared with similar ads: its owner or an administrator; FORBIDDEN for anybody else. */
  opportunityInsights: AdInsights;
  /** The current invoice of an ad (open, pending transfer, paid or cancelled; not a void one): its owner or an admin. Null when none. */
  opportunityInvoice?: Maybe<Invoice>;
  /** *Admin.* Invoices waiting for a transfer confirmation, oldest first, one page. */
  pendingTransferPage: InvoicePage;
  /**
   * *Admin.* Invoices waiting for a transfer confirmation, oldest first (every one at once: use pendingTransferPage).
   * @deprecated Use pendingTransferPage (paged, with totals).
   */
  pendingTransfers: Array<Invoice>;
  /** The prices. Public. */
  prices: Prices;
  /** *Admin.* Refunds, oldest request first, one page; both statuses when `status` is left out. */
  refundPage: RefundPage;
  /**
   * *Admin.* Refunds, oldest first; all of them when `status` is left out (every one at once: use refundPage).
   * @deprecated Use refundPage (paged, with totals).
   */
  refunds: Array<Refund>;
  /** Public. The captcha the caller must solve to `register`; NONE exactly when `register` needs no `captchaToken`. */
  registrationCaptcha: RegistrationCaptcha;
  /** Ads waiting for review, oldest first, ITEMS_PER_LIST a page. Administrators. */
  reviewQueue: ReviewQueuePage;
  /** One ad of the review queue with its evidence, for the review screen; null when it no longer waits for review. Administrators. */
  reviewQueueItem?: Maybe<ReviewQueueItem>;
  /** One of the signed-in user's saved searches; NOT_FOUND when it is not theirs. */
  savedSearch: SavedSearch;
  /** Searches the public ads (PUBLIC_ONLINE, MODIFIED). Public; the viewer, if any, is recorded in search analytics. */
  searchOpportunities: SearchPage;
  /** At most 10 suggestions for the text typed so far (brands, models, popular queries), typo-tolerant. Public. */
  searchSuggestions: Array<SearchSuggestion>;
  /** Name and phones of a seller, for the seller page. Public. NOT_FOUND for an unknown id. */
  sellerInfo: SellerInfo;
  /** A seller's public ads, in the same order. Public. */
  sellerOpportunities: OpportunityPage;
  /** The audit trail of staff actions of every service, newest first, 25 a page, filtered. Administrators. */
  staffActions: StaffActionPage;
  /** Status changes of an ad, oldest first: its owner or an administrator. */
  statusHistory: Array<StatusHistoryEntry>;
  /** Status changes of an ad, oldest first, one page: its owner or an administrator. */
  statusHistoryPage: StatusHistoryPage;
  /** Versions of the back end and the database. Public. */
  systemsVersion: SystemsVersion;
  /** An ad that is not public any more: why and which car. Null for a public ad, an unknown id, or an ad that was never public. Public. */
  unavailableOpportunity?: Maybe<UnavailableOpportunity>;
  /** A user by id, for the user themself, ADMINISTRATOR and IMPERSONALIZATOR: 0003 without a session, FORBIDDEN for anyone else (a seller's public name and phones: sellerInfo). */
  user: User;
  /** A user's public ads: that user or an administrator. */
  userActiveOpportunities: OpportunityPage;
  /** *Admin.* A user's invoices, newest first, one page. */
  userInvoicePage: InvoicePage;
  /** *Admin.* A user's invoices, newest first (every one at once: use userInvoicePage). */
  userInvoices: Array<Invoice>;
  /** *Admin.* Every ad of a user, any status, newest first. */
  userOpportunities: OpportunityPage;
  /**
   * *Admin.* Purchases per user from `firstDay` to `lastDay` (Costa Rica days, both included), users
   * with the highest total first, one page. VALIDATION `invalidDateRange` on `firstDay` (or `lastDay`)
   * when a day is missing or `lastDay` comes before `firstDay`.
   */
  userPurchasePage: UserPurchasesPage;
  /**
   * *Admin.* Purchases per user from `firstDay` to `lastDay` (Costa Rica days, both included),
   * users with the highest total first. VALIDATION `invalidDateRange` on `firstDay` when a day is
   * missing or `lastDay` comes before `firstDay`.
   */
  userPurchases: Array<UserPurchases>;
  /**
   * Every user, for ADMINISTRATOR and IMPERSONALIZATOR. `filter` matches name, last names or e-mail
   * (case- and accent-insensitive); default sort is DATE_CREATED DESC; `page` is 1-based.
   */
  users: UserPage;
  /** How many times an ad was opened. Public. */
  viewCount: Scalars['Int']['output'];
};


export type QueryAvailableOpportunitiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryComplaintsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  resolved?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryDashboardArgs = {
  firstDay?: InputMaybe<Scalars['Date']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  lastDay?: InputMaybe<Scalars['Date']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


export type QueryInvoiceArgs = {
  id: Scalars['ID']['input'];
};


export type QueryMarketPriceRangeArgs = {
  car: MarketPriceCarInput;
};


export type QueryMyAdInsightsArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMyAdInsightsPageArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMyInvoicePageArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMyOpportunitiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<OpportunityStatus>;
};


export type QueryMyPhotoPageArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMyWishListArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOpportunitiesByStatusArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  status: OpportunityStatus;
};


export type QueryOpportunityArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOpportunityContactArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOpportunityInsightsArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
  opportunityId: Scalars['ID']['input'];
};


export type QueryOpportunityInvoiceArgs = {
  opportunityId: Scalars['ID']['input'];
};


export type QueryPendingTransferPageArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryRefundPageArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<RefundStatus>;
};


export type QueryRefundsArgs = {
  status?: InputMaybe<RefundStatus>;
};


export type QueryReviewQueueArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  orderBy?: InputMaybe<ReviewQueueOrder>;
  page?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryReviewQueueItemArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySavedSearchArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySearchOpportunitiesArgs = {
  filter: SearchFilterInput;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageNumber?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<SearchSort>;
};


export type QuerySearchSuggestionsArgs = {
  text: Scalars['String']['input'];
};


export type QuerySellerInfoArgs = {
  sellerId: Scalars['ID']['input'];
};


export type QuerySellerOpportunitiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  sellerId: Scalars['ID']['input'];
};


export type QueryStaffActionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<StaffActionFilter>;
  page?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryStatusHistoryArgs = {
  opportunityId: Scalars['ID']['input'];
};


export type QueryStatusHistoryPageArgs = {
  opportunityId: Scalars['ID']['input'];
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryUnavailableOpportunityArgs = {
  id: Scalars['ID']['input'];
};


export type QueryUserArgs = {
  id: Scalars['ID']['input'];
};


export type QueryUserActiveOpportunitiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  userId: Scalars['ID']['input'];
};


export type QueryUserInvoicePageArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  userId: Scalars['ID']['input'];
};


export type QueryUserInvoicesArgs = {
  userId: Scalars['ID']['input'];
};


export type QueryUserOpportunitiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  userId: Scalars['ID']['input'];
};


export type QueryUserPurchasePageArgs = {
  firstDay: Scalars['Date']['input'];
  lastDay: Scalars['Date']['input'];
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryUserPurchasesArgs = {
  endDate?: InputMaybe<Scalars['String']['input']>;
  firstDay?: InputMaybe<Scalars['Date']['input']>;
  lastDay?: InputMaybe<Scalars['Date']['input']>;
  startDate?: InputMaybe<Scalars['String']['input']>;
};


export type QueryUsersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<UserSort>;
};


export type QueryViewCountArgs = {
  opportunityId: Scalars['ID']['input'];
};

/** A refund of a cancelled payment, for an admin to carry out. */
export type Refund = {
  __typename?: 'Refund';
  /**
   * CRC, the invoice's amount.
   * @deprecated Use total (Money).
   */
  amount: Scalars['Float']['output'];
  /** When it was marked carried out; null while PENDING. */
  carriedOutAt?: Maybe<Scalars['DateTime']['output']>;
  /**
   * ISO 8601; null while PENDING.
   * @deprecated Use carriedOutAt (a DateTime).
   */
  doneAt?: Maybe<Scalars['String']['output']>;
  /** The refund's id. */
  id: Scalars['ID']['output'];
  /** The cancelled invoice it refunds. */
  invoice: Invoice;
  /** When the refund was recorded (the payment's cancellation). */
  recordedAt: Scalars['DateTime']['output'];
  /**
   * ISO 8601.
   * @deprecated Use recordedAt (a DateTime).
   */
  requestedAt: Scalars['String']['output'];
  /** Where it stands. */
  status: RefundStatus;
  /** The amount to give back: the cancelled invoice's total. */
  total: Money;
};

/** One page of refunds. */
export type RefundPage = {
  __typename?: 'RefundPage';
  /** The refunds of this page. */
  items: Array<Refund>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

/** Where a refund stands. */
export type RefundStatus =
  /** Carried out by an admin. */
  | 'DONE'
  /** Recorded, waiting for an admin to carry it out. */
  | 'PENDING';

/** The captcha of the registration form: render the provider's widget with `siteKey` and send its token as `captchaToken`. */
export type RegistrationCaptcha = {
  __typename?: 'RegistrationCaptcha';
  /** Which widget to render. */
  provider: CaptchaProvider;
  /** Public site key of the widget; null for NONE. */
  siteKey?: Maybe<Scalars['String']['output']>;
};

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

/**
 * An administrator's decision, published to the listings service, which applies it (PENDING_APPROVAL
 * → APPROVED → PUBLIC_ONLINE, MODIFIED → PUBLIC_ONLINE, or REJECTED, signed by the administrator in
 * the ad's history); the owner is then mailed the outcome (and the reason of a rejection).
 */
export type ReviewDecision = {
  __typename?: 'ReviewDecision';
  /** Approved or rejected. */
  decision: ReviewDecisionKind;
  /** The ad's id. */
  opportunityId: Scalars['ID']['output'];
  /** Why it was rejected; null for an approval. */
  reason?: Maybe<Scalars['String']['output']>;
  /** The decision's id. */
  reviewId: Scalars['ID']['output'];
};

/** What an administrator decided about an ad in review. */
export type ReviewDecisionKind =
  /** The ad goes (or stays) public. */
  | 'APPROVED'
  /** The ad is refused; the owner is mailed the reason. */
  | 'REJECTED';

/** An ad waiting for an administrator: a new ad (PENDING_APPROVAL, not waiting for a payment) or a public ad its owner edited (MODIFIED). */
export type ReviewQueueItem = {
  __typename?: 'ReviewQueueItem';
  /** Brand code. */
  brand: Scalars['String']['output'];
  /** What stands behind each risk signal, heaviest first: the other ads, the words matched, the accounts, the percentage. */
  evidence: Array<RiskEvidence>;
  /** At least COMPLAINTS_TO_FLAG (a global parameter) unresolved complaints. */
  flagged: Scalars['Boolean']['output'];
  /** Why moderation took the ad off the public lists to wait here; null when it came in the ordinary way. */
  heldFor?: Maybe<HoldCause>;
  /** The ad's id. */
  id: Scalars['ID']['output'];
  /** Paid level. */
  level: Level;
  /** Search's estimate of the ad's market price in colones (comparable public ads); null when there are too few. */
  marketEstimate?: Maybe<Money>;
  /** Model. */
  model: Scalars['String']['output'];
  /** Unresolved complaints about the ad. */
  openComplaints: Scalars['Int']['output'];
  /** The whole ad, from the listings subgraph. */
  opportunity: Opportunity;
  /** The asking price in colones at the exchange rate of the ad's last change; null when moderation has not seen it. */
  price?: Maybe<Money>;
  /**
   * When the ad entered the queue (ISO 8601).
   * @deprecated Use queuedSince (a DateTime).
   */
  queuedAt: Scalars['String']['output'];
  /** When the ad entered the queue. */
  queuedSince: Scalars['DateTime']['output'];
  /** The scam and duplicate signals behind the score, heaviest first. */
  riskReasons: Array<RiskSignal>;
  /** The ad's risk score, 0 (no signal) to 100: the sum of its reasons' weights, capped. */
  riskScore: Scalars['Int']['output'];
  /** Who sells it, and what they published before. */
  seller: ReviewSeller;
  /** The seller's user id. */
  sellerId: Scalars['ID']['output'];
  /** PENDING_APPROVAL (new) or MODIFIED (edited while public). */
  status: OpportunityStatus;
  /** The version of the ad this item shows: a decision is about it. */
  version: Scalars['Int']['output'];
  /** Model year. */
  year: Scalars['Int']['output'];
};

/** The order of the review queue. */
export type ReviewQueueOrder =
  /** Oldest waiting first. */
  | 'OLDEST'
  /** Highest risk score first, then oldest waiting first. */
  | 'RISK';

/** A page of the review queue, in the API's page shape. */
export type ReviewQueuePage = {
  __typename?: 'ReviewQueuePage';
  /** The entries of this page. */
  items: Array<ReviewQueueItem>;
  /** The cursor of the page after this one, to pass as `after`: that page is read from the index without the pages before it. Null on the last page. */
  next?: Maybe<Scalars['String']['output']>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

/** The seller of an ad in review, as moderation knows them. */
export type ReviewSeller = {
  __typename?: 'ReviewSeller';
  /** The seller's ads moderation knows of (at most 500 counted). */
  adCount: Scalars['Int']['output'];
  /** E-mail; empty when unknown. */
  email: Scalars['String']['output'];
  /** Full name; empty when unknown. */
  fullName: Scalars['String']['output'];
  /** The seller's user id. */
  id: Scalars['ID']['output'];
  /** When the account was created; null when unknown. */
  memberSince?: Maybe<Scalars['DateTime']['output']>;
  /** Unresolved reports about the seller's ads. */
  openComplaints: Scalars['Int']['output'];
  /** Of them, public now. */
  publicAdCount: Scalars['Int']['output'];
  /** Of them, rejected by an administrator. */
  rejectedAdCount: Scalars['Int']['output'];
};

/** One risk signal of an ad with its evidence; the fields that do not concern the signal are empty or null. */
export type RiskEvidence = {
  __typename?: 'RiskEvidence';
  /** NEW_ACCOUNT_BURST: the seller's ads in the account's first NEW_ACCOUNT_DAYS days. */
  adsOfNewAccount?: Maybe<Scalars['Int']['output']>;
  /** The signal in the request's language. */
  label: Scalars['String']['output'];
  /** ADVANCE_PAYMENT_TEXT: the passages of the text that matched (lower case, without accents). */
  matchedWords: Array<Scalars['String']['output']>;
  /** PHOTO_OF_OTHER_SELLER and DUPLICATE_AD: the earlier ads showing the same pictures. */
  otherAds: Array<RiskOtherAd>;
  /** PRICE_FAR_BELOW_ESTIMATE: how far below the market estimate the price is, in percent. */
  percentBelowEstimate?: Maybe<Scalars['Int']['output']>;
  /** Which signal. */
  reason: RiskReason;
  /** SHARED_PHONE: how many accounts use the ad's or the seller's phone numbers, the seller included. */
  sharedPhoneAccounts?: Maybe<Scalars['Int']['output']>;
  /** The points it adds to the score. */
  weight: Scalars['Int']['output'];
};

/** An earlier ad that stands behind a photo signal. */
export type RiskOtherAd = {
  __typename?: 'RiskOtherAd';
  /** Brand code. */
  brand: Scalars['String']['output'];
  /** The ad's id. */
  id: Scalars['ID']['output'];
  /** Model. */
  model: Scalars['String']['output'];
  /** Its seller's user id. */
  sellerId: Scalars['ID']['output'];
  /** Its seller's full name; empty when unknown. */
  sellerName: Scalars['String']['output'];
  /** Its status now. */
  status: OpportunityStatus;
  /** Model year. */
  year: Scalars['Int']['output'];
};

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

/** One reason of an ad's risk score. */
export type RiskSignal = {
  __typename?: 'RiskSignal';
  /** The signal in the request's language. */
  label: Scalars['String']['output'];
  /** Which signal. */
  reason: RiskReason;
  /** The points it adds to the score. */
  weight: Scalars['Int']['output'];
};

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

/** A signed-in buyer's saved search with its alert. Only its owner sees it. */
export type SavedSearch = {
  __typename?: 'SavedSearch';
  /** How many alerts (new matching ads) it has mailed so far. */
  alertsSent: Scalars['Int']['output'];
  /**
   * When it was saved (ISO 8601).
   * @deprecated Use savedAt (a DateTime).
   */
  createdAt: Scalars['String']['output'];
  /** The search as saved: the free text and every filter field, as SearchFilterInput takes them. */
  filter: SearchFilter;
  /** How often it mails new matches. */
  frequency: AlertFrequency;
  /** The saved search's id. */
  id: Scalars['ID']['output'];
  /**
   * The search as its results page showed it when saved: the free text as the interpreter
   * read it, with the words the page left out (droppedWords) because the whole phrase found nothing.
   * Its alerts match exactly this. Null for searches saved before (their alerts read the filter again).
   * No parts (chips) are kept.
   */
  interpretation?: Maybe<SearchFilter>;
  /** The name its owner gave it (1 to 60 characters). */
  name: Scalars['String']['output'];
  /** True while its alerts are paused (by its owner, or by the unsubscribe link of a mail). */
  paused: Scalars['Boolean']['output'];
  /** When it was saved. */
  savedAt: Scalars['DateTime']['output'];
};

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

/** A search to offer instead of one that found nothing. */
export type SearchAlternative = {
  __typename?: 'SearchAlternative';
  /** The filter to search, in the fields of SearchFilterInput (text as typed or rewritten, structured fields as given). */
  filter: SearchFilter;
  /** How it differs. */
  kind: SearchAlternativeKind;
  /** How many ads it finds. */
  totalItems: Scalars['Int']['output'];
};

/** How an alternative search differs from the one that found nothing. */
export type SearchAlternativeKind =
  /** The free text spelt as the vocabulary does ("sivic" → "civic"). */
  | 'DID_YOU_MEAN'
  /** The same search without its year (the year word taken out of the free text, or the year fields left out). */
  | 'DROP_YEAR'
  /** The same search with the price range a quarter wider each way, or without price bounds when that finds nothing. */
  | 'WIDEN_PRICE';

/**
 * Counts per value of one filter field over the current result (the result's own filters applied).
 * `field` is the name of the field of SearchFilterInput: brand, model, style, fuelType,
 * transmissionType, year, exteriorColor, interiorColor, currency, passengersNumber, mileageMax
 * (cumulative: ads at or under each choice 50000 / 100000 / 150000 / 200000), motorSizeCCTo (ads in
 * each range of 01 §9: 1000, 2000, 3000, 4000, 10000), province and canton (codes).
 */
export type SearchFacet = {
  __typename?: 'SearchFacet';
  /**
   * The name of the SearchFilterInput field counted.
   * @deprecated Use key (a SearchFacetField).
   */
  field: Scalars['String']['output'];
  /** The filter field counted. */
  key: SearchFacetField;
  /** Most frequent first (years and ranges in their natural order). */
  values: Array<SearchFacetValue>;
};

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

/** How many ads of the current result have a value. */
export type SearchFacetValue = {
  __typename?: 'SearchFacetValue';
  /** How many ads of the result have it. */
  count: Scalars['Int']['output'];
  /** The value as a number for the numeric fields (YEAR, PASSENGERS_NUMBER, MILEAGE_MAX, MOTOR_SIZE_CC_TO); null for the others. */
  number?: Maybe<Scalars['Float']['output']>;
  /** The value as the filter takes it: a brand code, a model, an enum value, a year, a colour code, a passengers number; for mileageMax and motorSizeCCTo the upper bound of a choice of 01 §9. */
  value: Scalars['String']['output'];
};

/**
 * The filter a search applied: the structured fields, what the free text was read as, and the
 * brand / model after typo correction. Handy to show "Toyota · Corolla · 2015 · Automatic" chips.
 * The free text is read by the search interpreter: brand and model (typo-tolerant), years
 * and year ranges, prices in colones or dollars ("menos de 10 millones", "$15k"), provinces and
 * cantons, seats, mileage, gearbox, fuel, style and colour words, in Spanish or English; words every
 * ad is ("usado", "se vende", "used") are ignored; other words are searched as text. A structured
 * field wins over what the text says of the same thing.
 */
export type SearchFilter = {
  __typename?: 'SearchFilter';
  /** Brand code (TOYOTA). */
  brand?: Maybe<Scalars['String']['output']>;
  /** Canton code. */
  canton?: Maybe<Scalars['String']['output']>;
  /** True when the text asks for the cheapest first ("barato", "cheap"): with the RELEVANCE order, results come cheapest first. */
  cheapestFirst?: Maybe<Scalars['Boolean']['output']>;
  /** Currency of the price range. */
  currency?: Maybe<Currency>;
  /**
   * When the whole phrase found nothing: the words left out, one part at a time, least informative
   * first (words searched as text, then colour, mileage, place, seats, fuel, gearbox, style, price,
   * year, model), until something was found, as typed ("Sin 'heredia': 4 carros"). Empty when nothing
   * was left out; null without free text.
   */
  droppedWords?: Maybe<Array<Scalars['String']['output']>>;
  /** Colour code (BLACK) when the colour is known, else the colour as written. */
  exteriorColor?: Maybe<Scalars['String']['output']>;
  /** Fuel, when the filter names one. */
  fuelType?: Maybe<FuelType>;
  /** True when only ads rated a good price or better are asked for. */
  goodPriceOrBetter?: Maybe<Scalars['Boolean']['output']>;
  /** The free text's words read and ignored because every ad is so ("usado", "se vende", "carro", "used"), as typed; null without free text. */
  ignoredWords?: Maybe<Array<Scalars['String']['output']>>;
  /** Interior colour, as exteriorColor. */
  interiorColor?: Maybe<Scalars['String']['output']>;
  /** Maximum mileage. */
  mileageMax?: Maybe<Scalars['Int']['output']>;
  /** The model words (the rest of the free text), in the vocabulary's spelling when known ("Corolla"); matched typo-tolerant. */
  model?: Maybe<Scalars['String']['output']>;
  /** Smallest engine size in cc. */
  motorSizeCCFrom?: Maybe<Scalars['Int']['output']>;
  /** Largest engine size in cc. */
  motorSizeCCTo?: Maybe<Scalars['Int']['output']>;
  /** Each understood part of the free text, and each word searched as text, in the order typed (the chips a page shows); null without free text. */
  parts?: Maybe<Array<SearchTextPart>>;
  /** At least this many passengers (888: more than 7). */
  passengersNumber?: Maybe<Scalars['Int']['output']>;
  /** Lowest price, in `currency`. */
  priceFrom?: Maybe<Scalars['Float']['output']>;
  /** Highest price, in `currency`. */
  priceTo?: Maybe<Scalars['Float']['output']>;
  /** Province code (1 to 7). */
  province?: Maybe<Scalars['String']['output']>;
  /** The style, when exactly one. */
  style?: Maybe<Style>;
  /** Every style the filter allows: one, or two for words such as "4x4" (TODO_TERRENO_4X4, PICK_UP_4X4) or "pick up"; null when any. */
  styles?: Maybe<Array<Style>>;
  /** The free text as typed; null when none. */
  text?: Maybe<Scalars['String']['output']>;
  /**
   * The free text's words searched as text across the ad's words (model, brand, colours, extras,
   * description), folded (lower case, no accents); null without free text.
   */
  textWords?: Maybe<Array<Scalars['String']['output']>>;
  /** Gearbox, when the filter names one. */
  transmissionType?: Maybe<TransmissionType>;
  /** Exact model year. */
  year?: Maybe<Scalars['Int']['output']>;
  /** Earliest model year. */
  yearFrom?: Maybe<Scalars['Int']['output']>;
  /** Latest model year. */
  yearTo?: Maybe<Scalars['Int']['output']>;
};

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

/** A page of search results (01 §3 paginated result). Pages count from 1. */
export type SearchPage = {
  __typename?: 'SearchPage';
  /** When the first page found nothing: the nearest searches that find something (at most one of each kind); empty otherwise. */
  alternatives: Array<SearchAlternative>;
  /** Counts per value of each filter field over the whole result. */
  facets: Array<SearchFacet>;
  /** The filter the search applied (free text parsed, brand and model corrected). */
  interpretation: SearchFilter;
  /** The ads of this page. */
  items: Array<Opportunity>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /**
   * The page, counting from 1.
   * @deprecated Use page.
   */
  pageNumber: Scalars['Int']['output'];
  /** Entries a page: the `pageSize` asked, or the ITEMS_PER_LIST global parameter. */
  pageSize: Scalars['Int']['output'];
  /**
   * Page size.
   * @deprecated Use pageSize.
   */
  perPage: Scalars['Int']['output'];
  /** How many entries match, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when nothing matches). */
  totalPages: Scalars['Int']['output'];
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

/** One line of the simple search box's autocomplete. */
export type SearchSuggestion = {
  __typename?: 'SearchSuggestion';
  /** The filter the suggestion stands for (for QUERY: the parsed query). */
  filter: SearchFilter;
  /** What it stands for. */
  kind: SearchSuggestionKind;
  /** What to show and, picked, to put in the box ("Toyota", "Toyota Corolla", "corolla 2015 automatico"). */
  label: Scalars['String']['output'];
};

/** What a suggestion stands for. */
export type SearchSuggestionKind =
  /** A brand. */
  | 'BRAND'
  /** A brand and model. */
  | 'MODEL'
  /** A popular query others searched. */
  | 'QUERY';

/** One understood part of a free text (or one word searched as text): a chip that can be removed. */
export type SearchTextPart = {
  __typename?: 'SearchTextPart';
  /** The filter fields this part sets (null ones it does not); for TEXT, none. */
  filter: SearchFilter;
  /** What the part sets. */
  kind: SearchTextPartKind;
  /** The words it was read from, as typed ("en Guanacaste", "del 2014 al 2017"). */
  text: Scalars['String']['output'];
  /** The free text without this part's words: search it to remove the part. */
  textWithout: Scalars['String']['output'];
};

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

/** What a seller page shows of its seller. Public. */
export type SellerInfo = {
  __typename?: 'SellerInfo';
  /** A merchant's business address, opening hours and map place; null for a PERSON and for a merchant who has not given them. */
  dealer?: Maybe<DealerInfo>;
  /** Merchant name for a merchant, otherwise the name and surnames. */
  fullName: Scalars['String']['output'];
  /** The seller's phones, WhatsApp first. */
  phones: Array<Phone>;
};

/**
 * A session: send `token` as `Authorization: Bearer <token>` on every call. It stops working at
 * `expiresAt` (SESSION_DURATION_MINUTES global parameter) or at logout, whichever comes first; any call
 * then answers code 0003.
 */
export type Session = {
  __typename?: 'Session';
  /**
   * When the token stops working at the latest (ISO 8601 text).
   * @deprecated Use validUntil (a DateTime).
   */
  expiresAt: Scalars['String']['output'];
  /** The signed session token, for the Authorization header. */
  token: Scalars['String']['output'];
  /** Who signed in. */
  user: SessionUser;
  /** When the token stops working at the latest (a logout ends it sooner). */
  validUntil: Scalars['DateTime']['output'];
};

/** The signed-in user as the interface keeps it. */
export type SessionUser = {
  __typename?: 'SessionUser';
  /** The account's id. */
  id: Scalars['ID']['output'];
  /** True for ADMINISTRATOR only. */
  isAdmin: Scalars['Boolean']['output'];
  /** True for IMPERSONALIZATOR only. */
  isImpersonalizator: Scalars['Boolean']['output'];
  /** Always true: the session is open. */
  isLogged: Scalars['Boolean']['output'];
  /** Interface and mail language. */
  language: Language;
  /** First surname. */
  lastName: Scalars['String']['output'];
  /** Second surname; empty when none. */
  lastName2: Scalars['String']['output'];
  /** Given name. */
  name: Scalars['String']['output'];
  /** What the user may do. */
  role: Role;
};

/** Where an ad was shared from the detail page. */
export type ShareChannel =
  /** The Facebook share button. */
  | 'FACEBOOK'
  /** Any other way (a copied link, the phone's share sheet). */
  | 'OTHER'
  /** The WhatsApp share button. */
  | 'WHATSAPP';

/** How similar ads (same brand and model, year within 2 either side, public now) did over the same days. */
export type SimilarAdsFunnel = {
  __typename?: 'SimilarAdsFunnel';
  /** How many similar ads were compared (at most 200). */
  count: Scalars['Int']['output'];
  /** The median of their funnel totals; null when there are none. */
  median?: Maybe<AdFunnelTotals>;
  /** The median number of photos they have; null when there are none. */
  medianPhotos?: Maybe<Scalars['Float']['output']>;
};

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

/** One entry of the append-only audit trail: who, when, what, on what, before and after. */
export type StaffActionEntry = {
  __typename?: 'StaffActionEntry';
  /** What was done. */
  action: StaffAction;
  /** Who did it. */
  actor: StaffActor;
  /** The fields that changed as they became, a JSON object. */
  after?: Maybe<Scalars['String']['output']>;
  /**
   * When (ISO 8601).
   * @deprecated Use performedAt (a DateTime).
   */
  at: Scalars['String']['output'];
  /** The fields that changed as they were, a JSON object; null when the target did not exist before. */
  before?: Maybe<Scalars['String']['output']>;
  /** The entry's id. */
  id: Scalars['ID']['output'];
  /** When it was done. */
  performedAt: Scalars['DateTime']['output'];
  /** The changed record's id. */
  targetId: Scalars['ID']['output'];
  /** What the target is, for people: an e-mail, an ad's brand model year, a parameter key, an invoice number. */
  targetLabel: Scalars['String']['output'];
  /** What kind of record it changed. */
  targetType: AuditTargetType;
};

/** Which staff actions to list; every field is optional and they combine with AND. */
export type StaffActionFilter = {
  /** Only this kind of action. */
  action?: InputMaybe<StaffAction>;
  /** Part of the actor's e-mail or name, or the actor's id. */
  actor?: InputMaybe<Scalars['String']['input']>;
  /** Only actions from this Costa Rica day on (VALIDATION invalidDateRange when after lastDay). */
  firstDay?: InputMaybe<Scalars['Date']['input']>;
  /**
   * First Costa Rica day, yyyy-MM-dd.
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

/** A page of the audit trail, in the API's page shape. */
export type StaffActionPage = {
  __typename?: 'StaffActionPage';
  /** The entries of this page. */
  items: Array<StaffActionEntry>;
  /** The cursor of the page after this one, to pass as `after`: that page is read from the index without the pages before it. Null on the last page. */
  next?: Maybe<Scalars['String']['output']>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

/** Who did a staff action: e-mail and name as identity last published them. */
export type StaffActor = {
  __typename?: 'StaffActor';
  /** The staff member's e-mail; null when unknown. */
  email?: Maybe<Scalars['String']['output']>;
  /** The staff member's name; null when unknown. */
  fullName?: Maybe<Scalars['String']['output']>;
  /** The staff member's user id. */
  id: Scalars['ID']['output'];
  /** The staff member's role. */
  role: Role;
};

/** One change of status, oldest first. */
export type StatusHistoryEntry = {
  __typename?: 'StatusHistoryEntry';
  /** Who made the change: the seller, the staff or the system. */
  authorKind: HistoryAuthorKind;
  /** When the change was made. */
  changedAt: Scalars['DateTime']['output'];
  /**
   * E-mail of who made the change (`system` for Ruedas itself: expiry, renewal, payments). An owner reads
   * an administrator's change with `authorKind` STAFF and an empty e-mail and name: staff e-mails are private.
   */
  email: Scalars['String']['output'];
  /** Name of who made the change; empty for the system and, to an owner, for staff. */
  fullName: Scalars['String']['output'];
  /** The status the ad went to. */
  status: OpportunityStatus;
  /**
   * When (ISO 8601 text).
   * @deprecated Use changedAt (a DateTime).
   */
  statusDate: Scalars['String']['output'];
};

/** One page of an ad's status changes. */
export type StatusHistoryPage = {
  __typename?: 'StatusHistoryPage';
  /** The changes of this page, oldest first. */
  items: Array<StatusHistoryEntry>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Changes a page. */
  pageSize: Scalars['Int']['output'];
  /** How many changes there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
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

/** Versions of the running system, shown in the footer of every page. */
export type SystemsVersion = {
  __typename?: 'SystemsVersion';
  /** Version of the back end (the Ruedas release). */
  backEndVersion: Scalars['String']['output'];
  /** Engine and version of the document database, e.g. `MongoDB 8.0.4`. */
  databaseVersion: Scalars['String']['output'];
};

/** Gearbox. */
export type TransmissionType =
  /** Automatic. */
  | 'AUTOMATIC'
  /** Manual. */
  | 'MANUAL'
  /** Automatic with manual shifting (Tiptronic). */
  | 'TIPTRONIC';

/**
 * What anybody may know of an ad that was public and no longer is (its old link): why, and which car,
 * so the page can offer similar ones. Nothing about the seller, the price or the photos.
 */
export type UnavailableOpportunity = {
  __typename?: 'UnavailableOpportunity';
  /** Brand code. */
  brand: Scalars['String']['output'];
  /** The ad's id. */
  id: Scalars['ID']['output'];
  /** Model. */
  model: Scalars['String']['output'];
  /** Why it is no longer shown. */
  reason: UnavailableReason;
  /** Body style. */
  style: Style;
  /** Model year. */
  year: Scalars['Int']['output'];
};

/** Why an ad that was public is no longer shown: sold, expired, or anything else (back in review, rejected, blocked). */
export type UnavailableReason =
  /** Its period of life ended. */
  | 'EXPIRED'
  /** Anything else: back in review, rejected or blocked. */
  | 'REMOVED'
  /** Its owner marked it sold. */
  | 'SOLD';

/** What an unsubscribe link stopped. */
export type UnsubscribedSavedSearch = {
  __typename?: 'UnsubscribedSavedSearch';
  /** The name of the saved search whose alerts are now paused. */
  name: Scalars['String']['output'];
};

/** An account (owned by the identity service). */
export type User = {
  __typename?: 'User';
  /** *Private.* Canton code (e.g. 101). */
  canton?: Maybe<Scalars['String']['output']>;
  /** *Private.* When the account was registered. */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /**
   * *Private.* When the account was registered (ISO 8601 text).
   * @deprecated Use createdAt (a DateTime).
   */
  dateCreated?: Maybe<Scalars['String']['output']>;
  /** A merchant's business address, opening hours and map place, as the seller page shows them (public); null for a PERSON or when not given. */
  dealerInfo?: Maybe<DealerInfo>;
  /** *Private.* District code (e.g. 10101). */
  district?: Maybe<Scalars['String']['output']>;
  /** *Private.* The sign-in e-mail, lower case. */
  email?: Maybe<Scalars['String']['output']>;
  /** Merchant name for a CARS_SELLER_MERCHANT, otherwise the name and surnames. */
  fullName: Scalars['String']['output'];
  /** The account's id. */
  id: Scalars['ID']['output'];
  /** *Private.* Kind of identification document; null when not given. */
  idType?: Maybe<IdType>;
  /** *Private.* Identification number; empty when not given. */
  identification?: Maybe<Scalars['String']['output']>;
  /** *Private.* Whether an IMPERSONALIZATOR or an administrator registered the account. */
  impersonal?: Maybe<Scalars['Boolean']['output']>;
  /** *Private.* True for ADMINISTRATOR only. */
  isAdmin?: Maybe<Scalars['Boolean']['output']>;
  /** *Private.* True for IMPERSONALIZATOR only. */
  isImpersonalizator?: Maybe<Scalars['Boolean']['output']>;
  /** *Private.* Interface and mail language. */
  language?: Maybe<Language>;
  /** First surname. */
  lastName: Scalars['String']['output'];
  /** Second surname; empty when the person has none. */
  lastName2: Scalars['String']['output'];
  /** Empty for a PERSON. */
  merchantName: Scalars['String']['output'];
  /** Given name. */
  name: Scalars['String']['output'];
  /** *Private.* 1 to 5 phones. */
  phoneList?: Maybe<Array<Phone>>;
  /** *Private.* Province code (1 to 7). */
  province?: Maybe<Scalars['String']['output']>;
  /** *Private.* What the user may do. */
  role?: Maybe<Role>;
  /** *Private.* State of the account. */
  status?: Maybe<UserStatus>;
  /** A private seller or a car dealer. */
  userType: UserType;
  /**
   * Favourites, newest first; a favourite that was sold or expired shows with that status.
   * @deprecated Use Query.myWishList: only the signed-in user may read it.
   */
  wishList: OpportunityPage;
};


/** An account (owned by the identity service). */
export type UserWishListArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of the users list, in the API's page shape (items, page, pageSize, totalItems, totalPages). */
export type UserPage = {
  __typename?: 'UserPage';
  /** The users of this page. */
  items: Array<User>;
  /** The cursor of the page after this one, to pass as `after`: that page is read from the index without the pages before it. Null on the last page. */
  next?: Maybe<Scalars['String']['output']>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /**
   * The page, counting from 1.
   * @deprecated Use page.
   */
  pageNumber: Scalars['Int']['output'];
  /** Entries a page: the `pageSize` asked, or the ITEMS_PER_LIST global parameter. */
  pageSize: Scalars['Int']['output'];
  /**
   * Page size.
   * @deprecated Use pageSize.
   */
  perPage: Scalars['Int']['output'];
  /** How many entries match, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when nothing matches). */
  totalPages: Scalars['Int']['output'];
};

/** What one user bought in a period: single ads and plans. */
export type UserPurchases = {
  __typename?: 'UserPurchases';
  /** Ads bought one by one. */
  opportunities: PurchaseBlock;
  /** Plans bought. */
  plans: PurchaseBlock;
  /** The buyer. */
  user: User;
  /** The buyer's id. */
  userId: Scalars['ID']['output'];
};

/** One page of users' purchases. */
export type UserPurchasesPage = {
  __typename?: 'UserPurchasesPage';
  /** The users' purchases of this page. */
  items: Array<UserPurchases>;
  /** The page, counting from 1. */
  page: Scalars['Int']['output'];
  /** Entries a page. */
  pageSize: Scalars['Int']['output'];
  /** How many entries there are, over every page. */
  totalItems: Scalars['Int']['output'];
  /** How many pages there are (0 when none). */
  totalPages: Scalars['Int']['output'];
};

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
