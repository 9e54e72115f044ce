import { type AdStatus, type Level } from '@ruedas/domain';
import { createEvent, opportunityChanged, type Actor, type OpportunitySnapshot } from '@ruedas/events';
import { toOutbox, type OutboxEntry } from '@ruedas/platform';
import { priceInColones } from '../rules';
import type { AdFields, OpportunityDoc, UserDoc } from '../store';

/* The snapshot of an ad other services get on `listings.opportunity`, and the ad's field list. */

export type Change = 'CREATED' | 'UPDATED' | 'STATUS_CHANGED' | 'RENEWED' | 'PHOTOS_CHANGED';

export const AD_FIELD_NAMES = [
  'brand', 'model', 'year', 'style', 'fuelType', 'transmissionType', 'motorSizeCC', 'mileage', 'mileageUnit',
  'exteriorColor', 'interiorColor', 'price', 'transferPrice', 'currency', 'payTaxes', 'carIdNumber',
  'passengersNumber', 'province', 'canton', 'district', 'knownDamage', 'description', 'extraList', 'attachmentIds', 'phoneList',
  'level', 'message', 'autoApproval',
] as const satisfies ReadonlyArray<keyof AdFields>;

export const adFieldsOf = (doc: AdFields): AdFields =>
  Object.fromEntries(AD_FIELD_NAMES.map((name) => [name, doc[name]])) as unknown as AdFields;

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
export function snapshotEntry(ad: OpportunityDoc, seller: UserDoc | null, crcPerUsd: number, actor: Actor, change: Change, previousStatus: AdStatus | null, at: Date): OutboxEntry {
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
