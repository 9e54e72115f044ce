import { createHash } from 'node:crypto';
import type { adSchema } from '@ruedas/domain';
import { AD_FIELD_NAMES, AD_LIMITS, DEFAULT_AD_LEVEL, levelSchema, PHOTOS_PER_LEVEL, validate, type AdStatus, type Level } from '@ruedas/domain';
import { createEvent, opportunityChanged, type Actor, type OpportunitySnapshot } from '@ruedas/events';
import { DomainError, toOutbox, validationFailed, type OutboxEntry } from '@ruedas/platform';
import { priceInColones, type Caller } from '../rules';
import type { AdFields, OpportunityDoc, UserDoc } from '../store';

/** What changed in an ad, as its snapshot event says. */
export type Change = 'CREATED' | 'UPDATED' | 'STATUS_CHANGED' | 'RENEWED' | 'PHOTOS_CHANGED';

/** GraphQL gives null for a field sent empty: the schema's defaults apply as if it were left out. */
export function present(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

export const adFieldsOf = (doc: AdFields): AdFields => Object.fromEntries(AD_FIELD_NAMES.map((name) => [name, doc[name]])) as unknown as AdFields;

/**
 * Validates an ad with the wizard's rules (steps 1 and 2) and answers its stored fields. The schema
 * depends on the date (the year may reach next year); building it costs milliseconds, so a bulk
 * caller builds it once.
 */
export function validAd(input: Record<string, unknown>, schema: ReturnType<typeof adSchema>): AdFields {
  const result = validate(schema, input);
  if (result.ok) return adFieldsOf(result.data as AdFields);
  const level = levelSchema.safeParse(input.level ?? DEFAULT_AD_LEVEL);
  // The values of the schema's messages that depend on the ad (the rules' own ones `translate` fills).
  throw new DomainError('VALIDATION', 'validationFailed', result.errors, {
    maxPhotos: PHOTOS_PER_LEVEL[level.success ? level.data : DEFAULT_AD_LEVEL],
    max: AD_LIMITS.descriptionHardMaxLength,
  });
}

export const actorOf = (caller: Caller | null): Actor => (caller ? { kind: 'user', id: caller.userId } : { kind: 'system', id: 'listings' });

/**
 * The id of an ad created with an idempotency key: the same seller and key always give the same id,
 * so a double submit of the wizard creates one ad.
 */
export function requestAdId(sellerId: string, requestId: unknown): string {
  if (typeof requestId !== 'string' || requestId.length < 1 || requestId.length > 100) throw validationFailed({ requestId: 'invalidRequestId' });
  const hex = createHash('sha256').update(`${sellerId}\u0000${requestId}`).digest('hex');
  const variant = ((parseInt(hex[16] as string, 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a completed payment paid for, as billing's events say. */
export interface PaidFor {
  level: Level;
  /** Whether quick approval of a free ad was paid. */
  quickApproval: boolean;
  /** What paid (invoice id or plan), for the log. */
  source: string;
}

/** The snapshot every consumer gets: no plate, no creation date. */
export function snapshotOf(ad: OpportunityDoc, seller: UserDoc | null, crcPerUsd: number): OpportunitySnapshot {
  const fields = adFieldsOf(ad);
  const { carIdNumber: _plate, ...car } = fields;
  return {
    id: ad._id,
    ...car,
    phoneList: fields.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
    priceCrc: priceInColones(ad.price, ad.currency, crcPerUsd),
    status: ad.status,
    paymentPending: ad.paymentPending ?? false,
    publishedAt: ad.publishedAt?.toISOString() ?? null,
    expiresAt: ad.expiresAt?.toISOString() ?? null,
    seller: {
      id: ad.sellerId,
      fullName: seller?.fullName ?? '',
      userType: seller?.userType ?? 'PERSON',
      testUser: seller?.role === 'TESTUSER',
    },
  };
}

/** The snapshot event of an ad at its current version, ready for the outbox. */
export function snapshotEntry(
  ad: OpportunityDoc,
  seller: UserDoc | null,
  crcPerUsd: number,
  actor: Actor,
  change: Change,
  previousStatus: AdStatus | null,
  at: Date,
): OutboxEntry {
  return toOutbox(
    opportunityChanged.topic,
    createEvent(opportunityChanged, {
      aggregateId: ad._id,
      aggregateVersion: ad.version,
      actor,
      occurredAt: at,
      payload: { opportunity: snapshotOf(ad, seller, crcPerUsd), change, previousStatus },
    }),
  );
}
