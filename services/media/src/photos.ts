import { randomUUID } from 'node:crypto';
import { createEvent, photoDeleted, photoUploaded, topics, type Actor, type PhotoRecord } from '@ruedas/events';
import {
  forbidden,
  notFound,
  toOutbox,
  type BlobStore,
  type Clock,
  type Collection,
  type DocumentStore,
  type OutboxRelay,
  type PageRequest,
  type Viewer,
  pageAnswer,
} from '@ruedas/platform';
import type { Page } from '@ruedas/domain';
import sharp from 'sharp';
import { CONTENT_TYPES, ENCODINGS, RESPONSIVE_WIDTHS, type Encoding, type VariantName } from './limits';
import { JPEG_OPTIONS, processPhoto, WEBP_OPTIONS, type ProcessedPhoto } from './pipeline';
import { openCollections, type PhotoDoc, type StoredVariant } from './store';

/** What the photo library needs: the same ports a service context gives. */
export interface PhotoDeps {
  store: DocumentStore;
  blobs: BlobStore;
  outbox: OutboxRelay;
  clock: Clock;
}

const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isPhotoId = (id: string): boolean => PHOTO_ID.test(id);

const EXTENSIONS: Record<Encoding, string> = { webp: 'webp', jpeg: 'jpg' };
const blobKey = (id: string, variant: VariantName, encoding: Encoding) => `photos/${id}/${variant}.${EXTENSIONS[encoding]}`;
const widthKey = (id: string, width: number, encoding: Encoding) => `photos/${id}/w${width}.${EXTENSIONS[encoding]}`;

const record = (photo: PhotoDoc): PhotoRecord => ({
  id: photo._id,
  ownerId: photo.ownerId,
  width: photo.width,
  height: photo.height,
  ...(photo.hash ? { hash: photo.hash } : {}),
});

/** A relay watches each collection once, however many libraries are opened on it. */
const watched = new WeakMap<OutboxRelay, WeakSet<object>>();
function watchOnce(outbox: OutboxRelay, collection: Collection<PhotoDoc>): void {
  const collections = watched.get(outbox) ?? new WeakSet();
  watched.set(outbox, collections);
  if (collections.has(collection)) return;
  collections.add(collection);
  outbox.watch(collection);
}

/**
 * The photos: storing re-encoded uploads with PhotoUploaded, reading them back, deleting them with
 * PhotoDeleted. A photo document is written only after all of its blobs are, so a stored id always
 * has its bytes; a crash in between leaves unreferenced blobs, never a broken photo.
 */
export class PhotoLibrary {
  private constructor(
    private readonly photos: Collection<PhotoDoc>,
    private readonly deps: PhotoDeps,
  ) {}

  static async open(deps: PhotoDeps): Promise<PhotoLibrary> {
    const { photos } = await openCollections(deps.store);
    watchOnce(deps.outbox, photos);
    return new PhotoLibrary(photos, deps);
  }

  /** Checks and re-encodes one file; throws a DomainError naming `file` when it is refused. */
  prepare(bytes: Buffer, file: string): Promise<ProcessedPhoto> {
    return processPhoto(bytes, file);
  }

  /** Stores prepared photos of one owner, all or none; answers their ids in the same order. */
  async store(ownerId: string, prepared: readonly ProcessedPhoto[]): Promise<string[]> {
    const now = this.deps.clock.now();
    const written: string[] = [];
    try {
      const docs = await Promise.all(
        prepared.map(async (photo): Promise<PhotoDoc> => {
          const id = randomUUID();
          const variants = await Promise.all(
            photo.variants.map(async ({ variant, encoding, width, height, body }): Promise<StoredVariant> => {
              const key = blobKey(id, variant, encoding);
              const info = await this.deps.blobs.put(key, body, { contentType: CONTENT_TYPES[encoding], metadata: { owner: ownerId } });
              written.push(key);
              return { variant, encoding, key, etag: info.etag, width, height, size: info.size };
            }),
          );
          const doc: PhotoDoc = {
            _id: id,
            ownerId,
            width: photo.width,
            height: photo.height,
            hash: photo.hash,
            variants,
            createdAt: now,
            deletedAt: null,
            version: 1,
          };
          const event = createEvent(photoUploaded, {
            aggregateId: id,
            aggregateVersion: 1,
            actor: userActor(ownerId),
            payload: { photo: record(doc) },
            occurredAt: now,
          });
          return { ...doc, outbox: [toOutbox(topics.mediaPhoto, event)] };
        }),
      );
      await this.photos.insertMany(docs);
      this.deps.outbox.notify();
      return docs.map((doc) => doc._id);
    } catch (error) {
      await Promise.allSettled(written.map((key) => this.deps.blobs.delete(key)));
      throw error;
    }
  }

  /** Prepares and stores one photo: the upload pipeline without HTTP (the demo catalogue uses it). */
  async importPhoto(ownerId: string, bytes: Buffer, file = 'photo'): Promise<string> {
    const [id] = await this.store(ownerId, [await this.prepare(bytes, file)]);
    return id as string;
  }

  /** A photo that is not deleted, or null (also for anything that is not a photo id). */
  async find(id: string): Promise<PhotoDoc | null> {
    if (!isPhotoId(id)) return null;
    const photo = await this.photos.findById(id);
    return photo && !photo.deletedAt ? photo : null;
  }

  async ownedBy(ownerId: string): Promise<PhotoDoc[]> {
    return this.photos.find({ ownerId, deletedAt: null }, { sort: { createdAt: -1 } });
  }

  /** One page of an owner's photos, newest first (the id breaks ties: one upload stores several at once). */
  async ownedPage(ownerId: string, request: PageRequest): Promise<Page<PhotoDoc>> {
    const filter = { ownerId, deletedAt: null };
    const [totalItems, items] = await Promise.all([
      this.photos.count(filter),
      this.photos.find(filter, { sort: { createdAt: -1, _id: 1 }, skip: request.skip, limit: request.pageSize }),
    ]);
    return pageAnswer(items, totalItems, request);
  }

  /** The owner or an administrator deletes a photo: its blobs go, PhotoDeleted is published. */
  async delete(id: string, viewer: Viewer): Promise<void> {
    const photo = await this.find(id);
    if (!photo) throw notFound();
    if (photo.ownerId !== viewer.userId && viewer.role !== 'ADMINISTRATOR') throw forbidden();
    const now = this.deps.clock.now();
    const version = photo.version + 1;
    const event = createEvent(photoDeleted, {
      aggregateId: id,
      aggregateVersion: version,
      actor: userActor(viewer.userId),
      payload: { photo: record(photo) },
      occurredAt: now,
    });
    const { matchedCount } = await this.photos.updateOne(
      { _id: id, version: photo.version, deletedAt: null },
      { $set: { deletedAt: now, version }, $push: { outbox: toOutbox(topics.mediaPhoto, event) } },
    );
    // Someone deleted it in between: it is gone either way.
    if (matchedCount === 0) throw notFound();
    this.deps.outbox.notify();
    await Promise.all(photo.variants.map((v) => this.deps.blobs.delete(v.key)));
    await Promise.all(RESPONSIVE_WIDTHS.flatMap((width) => ENCODINGS.map((encoding) => this.deps.blobs.delete(widthKey(id, width, encoding)))));
  }

  /**
   * The photo `width` pixels wide (at most its display width) in `encoding`: kept from an earlier
   * request, else made from the display variant and kept. Null when the display variant is missing.
   */
  async atWidth(photo: PhotoDoc, width: (typeof RESPONSIVE_WIDTHS)[number], encoding: Encoding): Promise<{ body: Buffer; etag: string } | null> {
    const key = widthKey(photo._id, width, encoding);
    const kept = await this.deps.blobs.get(key);
    if (kept) return kept;
    const display = photo.variants.find((v) => v.variant === 'display' && v.encoding === encoding);
    const source = display ? await this.deps.blobs.get(display.key) : null;
    if (!source) return null;
    const resized = sharp(source.body).resize({ width, withoutEnlargement: true });
    const body = await (encoding === 'webp' ? resized.webp(WEBP_OPTIONS) : resized.jpeg(JPEG_OPTIONS)).toBuffer();
    const info = await this.deps.blobs.put(key, body, { contentType: CONTENT_TYPES[encoding] });
    return { body, etag: info.etag };
  }

  /** The bytes of one stored variant; null when its blob is missing. */
  read(variant: StoredVariant) {
    return this.deps.blobs.get(variant.key);
  }
}

const userActor = (id: string): Actor => ({ kind: 'user', id });

/**
 * Runs the upload pipeline on bytes without HTTP: stores the variants and publishes PhotoUploaded.
 * The relay must be running for the event to leave (the launcher's is). Calls may run in parallel:
 * sharp spreads the work over its thread pool.
 */
export async function importPhoto(deps: PhotoDeps, ownerId: string, bytes: Buffer): Promise<string> {
  return (await PhotoLibrary.open(deps)).importPhoto(ownerId, bytes);
}
