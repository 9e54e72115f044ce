/**
 * Request limits of the account operations (decision 0028). A rule allows `limit` units per fixed
 * window of `windowMinutes`; beyond it the request is refused with RATE_LIMITED (HTTP 429 and
 * `Retry-After`), except where noted. Per-address rules are generous because Costa Rican mobile
 * carriers put many customers behind one public address (CGNAT); per-account rules are strict.
 */
export interface RateRule {
  readonly limit: number;
  readonly windowMinutes: number;
}

export const AUTH_LIMITS = {
  /**
   * Failed sign-ins for one e-mail (a successful sign-in gives its unit back, issue 28; cleared by a
   * completed password reset). Beyond it the account is locked: 0005, not RATE_LIMITED.
   */
  loginPerAccount: { limit: 10, windowMinutes: 15 },
  /**
   * Failed sign-ins for one account from a place it signed in from before (issue 28): that place
   * skips the account's lock, so its own guesses are bounded here (0005 beyond it).
   */
  loginFailuresFromKnownPlace: { limit: 10, windowMinutes: 15 },
  /**
   * Failed sign-ins from one client address: a successful sign-in gives its unit back, so honest
   * people sharing an address barely consume it, while password spraying from it is cut short.
   */
  loginFailuresPerAddress: { limit: 50, windowMinutes: 15 },
  /** Registrations asked for one e-mail (each may mail its owner). */
  registrationPerAccount: { limit: 3, windowMinutes: 60 },
  /** Registrations from one client address. */
  registrationPerAddress: { limit: 20, windowMinutes: 60 },
  /**
   * Reset mails to one e-mail per window of the reset link's lifetime (60 minutes): beyond it the
   * request is answered as usual and mails nothing, never refused, so a stranger cannot block the
   * owner; every link mailed in the window stays valid.
   */
  resetMailsPerAccount: { limit: 5, windowMinutes: 60 },
  /** Password-reset requests from one client address. */
  resetPerAddress: { limit: 30, windowMinutes: 60 },
} as const satisfies Record<string, RateRule>;

export type AuthLimitName = keyof typeof AUTH_LIMITS;

/** Complaints about ads (decision 0013): per person (a signed-in user, or a visitor by address) and per client address, over all ads. */
export const COMPLAINT_LIMITS = {
  /** Complaints one person may file per hour. */
  complaintsPerPerson: { limit: 5, windowMinutes: 60 },
  /** Complaints one client address may file per hour, whoever is signed in (people may share an address). */
  complaintsPerAddress: { limit: 20, windowMinutes: 60 },
} as const satisfies Record<string, RateRule>;

/** The wizard's market price range: requests from one client address per minute (it asks once per change of the car). */
export const MARKET_PRICE_LIMIT = { limit: 60, windowMinutes: 1 } as const satisfies RateRule;

/**
 * Every GraphQL field whose request counts against a request limit, with the limits it counts
 * against: its answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (the
 * tightest limit), and beyond a limit it is refused RATE_LIMITED (HTTP 429 with `Retry-After`). The
 * REST facade's OpenAPI document declares those on every path that runs one of these fields.
 */
export const RATE_LIMITED_FIELDS = {
  login: [AUTH_LIMITS.loginFailuresPerAddress],
  register: [AUTH_LIMITS.registrationPerAddress, AUTH_LIMITS.registrationPerAccount],
  requestPasswordReset: [AUTH_LIMITS.resetPerAddress],
  reportOpportunity: [COMPLAINT_LIMITS.complaintsPerPerson, COMPLAINT_LIMITS.complaintsPerAddress],
  marketPriceRange: [MARKET_PRICE_LIMIT],
} as const satisfies Record<string, readonly RateRule[]>;

export type RateLimitedField = keyof typeof RATE_LIMITED_FIELDS;

/** The rate-limited fields a GraphQL operation's text selects (at any depth; aliases and arguments allowed). */
export function rateLimitedFieldsOf(operation: string): RateLimitedField[] {
  return (Object.keys(RATE_LIMITED_FIELDS) as RateLimitedField[]).filter((field) => new RegExp(`[{\\s:]${field}\\s*[({\\s]`).test(operation));
}
