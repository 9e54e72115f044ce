import { Schema } from 'mongoose';
import { outboxField, type Collection, type DocumentStore, type WithOutbox } from '@ruedas/platform';
import type { Currency } from '@ruedas/domain';
import type { Encoding, VariantName } from './limits';

/** One stored encoding of one variant. */
export interface StoredVariant {
  variant: VariantName;
  encoding: Encoding;
  key: string;
  /** The blob's strong validator, kept here so a revalidation (304) never reads the blob. */
  etag: string;
  width: number;
  height: number;
  size: number;
}

/**
 * A photo. Deleting one keeps this document as a tombstone (`deletedAt`): its outbox still has to
 * carry PhotoDeleted, and the id is never served or reused.
 */
export interface PhotoDoc extends WithOutbox {
  ownerId: string;
  width: number;
  height: number;
  /** Perceptual hash (issue 20); missing on photos stored before it. */
  hash?: string | null;
  variants: StoredVariant[];
  createdAt: Date;
  deletedAt: Date | null;
  /** Aggregate version of the events published about this photo. */
  version: number;
}

/** What a share page shows of an ad: the read model built from `listings.opportunity`. */
export interface PreviewDoc {
  _id: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  currency: Currency;
  province: string;
  canton: string;
  status: string;
  coverPhotoId: string | null;
}

const variantSchema = new Schema(
  {
    variant: { type: String, required: true },
    encoding: { type: String, required: true },
    key: { type: String, required: true },
    etag: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    size: { type: Number, required: true },
  },
  { _id: false },
);

const photoSchema = new Schema(
  {
    _id: String,
    ownerId: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    hash: { type: String, default: null },
    variants: { type: [variantSchema], default: [] },
    createdAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    outbox: outboxField,
  },
  { versionKey: false },
);
// A seller's photos, newest first (decision 0155: the index gives the order); the id breaks ties
// of one upload's photos, so a page never repeats or skips one.
photoSchema.index({ ownerId: 1, deletedAt: 1, createdAt: -1, _id: 1 });

const previewSchema = new Schema(
  {
    _id: String,
    brand: { type: String, required: true },
    model: { type: String, required: true },
    year: { type: Number, required: true },
    price: { type: Number, required: true },
    currency: { type: String, required: true },
    province: { type: String, default: '' },
    canton: { type: String, default: '' },
    status: { type: String, required: true },
    coverPhotoId: { type: String, default: null },
  },
  { versionKey: false },
);

export interface MediaCollections {
  photos: Collection<PhotoDoc>;
  previews: Collection<PreviewDoc>;
}

export async function openCollections(store: DocumentStore): Promise<MediaCollections> {
  return {
    photos: await store.collection<PhotoDoc>('media_photos', photoSchema),
    previews: await store.collection<PreviewDoc>('media_previews', previewSchema),
  };
}
