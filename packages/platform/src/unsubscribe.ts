import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Schema } from 'mongoose';
import { DuplicateKeyError, type DocumentStore } from './ports';

/**
 * Signed unsubscribe tokens for alert mails (issue 19, decision 0063): `<kind>.<id>.<signature>`,
 * the signature an HMAC-SHA256 of kind and id with a 256-bit secret the service draws once and keeps
 * in its own store. A link works without signing in, cannot be guessed or forged for another id,
 * and needs no lookup table. `kind` tells which service answers it (`s`: a saved search of search,
 * `f`: the favourite alerts of listings).
 */
/** One schema for every opening (a store refuses a collection declared again with another). */
const secretSchema = new Schema({ _id: String, secret: { type: String, required: true } }, { versionKey: false });

export class UnsubscribeTokens {
  private constructor(private readonly secret: Buffer) {}

  /** Opens the secret kept in `collectionName` (document `unsubscribe-secret`), drawing it the first time. */
  static async open(store: DocumentStore, collectionName: string): Promise<UnsubscribeTokens> {
    const secrets = await store.collection<{ _id: string; secret: string }>(collectionName, secretSchema);
    const id = 'unsubscribe-secret';
    let found = await secrets.findById(id);
    if (!found) {
      try {
        found = await secrets.insertOne({ _id: id, secret: randomBytes(32).toString('base64url') });
      } catch (error) {
        // Another instance drew it first: use that one.
        if (!(error instanceof DuplicateKeyError)) throw error;
        found = await secrets.findById(id);
      }
    }
    return new UnsubscribeTokens(Buffer.from(found!.secret, 'base64url'));
  }

  sign(kind: string, id: string): string {
    return `${kind}.${id}.${this.signature(kind, id)}`;
  }

  /** The id a token of `kind` stands for, or null when it is not one this service signed. */
  verify(kind: string, token: unknown): string | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const match = /^([a-z])\.([A-Za-z0-9_-]{1,80})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || match[1] !== kind) return null;
    const expected = Buffer.from(this.signature(kind, match[2]!));
    const given = Buffer.from(match[3]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[2]! : null;
  }

  private signature(kind: string, id: string): string {
    return createHmac('sha256', this.secret).update(`${kind}:${id}`).digest('base64url');
  }
}
