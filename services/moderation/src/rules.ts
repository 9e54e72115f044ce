import { COMPLAINT_LIMITS, inReviewQueue, isPublicStatusText, type Page } from '@ruedas/domain';
import { asAdministrator, pageNumber, type Caller } from '@ruedas/platform';

/** Rules of the moderation service that need no I/O. */

/** A verified caller (null is a visitor) and the administrator's guard: the platform's. */
export { asAdministrator, type Caller };

/** A page number of a list: the platform's (a whole number from 1, the domain's rule). */
export { pageNumber };

/** One page of a list: the domain's page vocabulary. */
export type { Page };

/** Ads waiting for an administrator (the rule is the domain's). */
export { inReviewQueue };

/** Ads anybody sees, so anybody may report or contact them (domain's PUBLIC_STATUSES). */
export const isPublic = isPublicStatusText;

/** The longest rejection reason (the same as a complaint's details). */
export const REASON_MAX_LENGTH = 500;

/** Complaints one person (signed-in user, or visitor by address) may file per hour, over all ads. */
export const COMPLAINTS_PER_HOUR_PER_PERSON = COMPLAINT_LIMITS.complaintsPerPerson.limit;
/** Complaints one client address may file per hour, whoever is signed in (people may share an address). */
export const COMPLAINTS_PER_HOUR_PER_ADDRESS = COMPLAINT_LIMITS.complaintsPerAddress.limit;
/** A contact click of one client on one ad is counted once per this many minutes. */
export const CONTACT_DEDUPE_MINUTES = 5;
/** How long a client's contact-click document stays after its last counted click (retention, decision 0204). */
export const CONTACT_RETENTION_DAYS = 1;
/**
 * How long a resolved complaint stays after its resolution (retention, decision 0222); an open one
 * stays until an administrator resolves it. The reporter's dismissed reports weigh on their next
 * ones for this long.
 */
export const COMPLAINT_RETENTION_DAYS = 180;
/** How long an entry of the audit trail of staff actions stays (retention, decision 0222). */
export const AUDIT_RETENTION_DAYS = 180;

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Who acts: the signed-in user, or a visitor by client address. */
export const clientKey = (caller: Caller | null, clientAddress: string | null): string =>
  caller ? `user:${caller.userId}` : `client:${clientAddress ?? 'unknown'}`;
