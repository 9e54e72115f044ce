import type { Collection, Logger, StoredDocument } from '@ruedas/platform';
import { adContribution, invoiceContribution, planChangeContribution, userContribution, type Contribution, type Counters } from './contributions';
import { guardedUpsert, OperationJournal } from './journal';
import type { DashAdDoc, DashboardCollections, DashInvoiceDoc, DashOwnerDoc, DashPlanChangeDoc, DashUserDoc } from './store';

/** The all-time bucket's id; a fact without a date is on the owner day `none`. */
export const ALL = 'ALL';
const NO_DAY = 'none';
const JOURNAL = 'journal';
const PAGE = 2_000;

type FactName = 'users' | 'ads' | 'invoices' | 'planChanges';
/** One journalled operation: the facts' new states, the owner documents' and buckets' increments. */
interface Operation {
  seq: number;
  facts: Array<{ collection: FactName; doc: Record<string, unknown> & { _id: string } }>;
  owners: Array<{ _id: string; owners: string[]; day: string; kind: 'p' | 'f'; inc?: Counters; counted: boolean }>;
  buckets: Array<{ _id: string; inc: Counters }>;
}

const ownerId = (entry: { owners: string[]; day: string | null; kind: string }) => `${entry.kind}|${entry.owners.join(',')}|${entry.day ?? NO_DAY}`;
function addInto(target: Counters, source: Counters, sign: number): void {
  for (const [name, value] of Object.entries(source)) target[name] = (target[name] ?? 0) + sign * value;
}
const nonZero = (c: Counters) => Object.fromEntries(Object.entries(c).filter(([, value]) => value !== 0));
const prefixed = (c: Counters) => Object.fromEntries(Object.entries(c).map(([name, value]) => [`c.${name}`, value]));

/** Builds one operation: contributions removed and added, users' TESTUSER role flipped. */
class OperationBuilder {
  readonly facts: Operation['facts'] = [];
  private readonly deltas = new Map<string, { owners: string[]; day: string; kind: 'p' | 'f'; inc: Counters }>();
  private readonly counted = new Map<string, boolean>();
  private readonly buckets = new Map<string, Counters>();
  private readonly testUsers = new Map<string, boolean>();

  constructor(private readonly collections: DashboardCollections) {}

  fact(collection: FactName, doc: Record<string, unknown> & { _id: string }): void {
    this.facts.push({ collection, doc });
  }

  /** Removes what `before` contributed and adds what `after` does. */
  change(before: Contribution[], after: Contribution[]): void {
    for (const [entries, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      for (const entry of entries) {
        const id = ownerId(entry);
        const delta = this.deltas.get(id) ?? { owners: entry.owners, day: entry.day ?? NO_DAY, kind: entry.kind, inc: {} };
        addInto(delta.inc, entry.c, sign);
        this.deltas.set(id, delta);
      }
    }
  }

  private bucket(day: string, c: Counters, sign: number): void {
    for (const id of day === NO_DAY ? [ALL] : [day, ALL]) {
      const inc = this.buckets.get(id) ?? {};
      addInto(inc, c, sign);
      this.buckets.set(id, inc);
    }
  }

  private async isTestUser(id: string): Promise<boolean> {
    const known = this.testUsers.get(id);
    if (known !== undefined) return known;
    const user = await this.collections.users.findById(id);
    this.testUsers.set(id, user?.testUser ?? false);
    return user?.testUser ?? false;
  }

  /**
   * The user is (or is no longer) a TESTUSER: every owner document they share is counted again or
   * left out, its counters added to or subtracted from the buckets (no fact is read).
   */
  async flip(userId: string, testUser: boolean): Promise<void> {
    this.testUsers.set(userId, testUser);
    for (const doc of await this.collections.owners.find({ owners: userId })) {
      let counted = true;
      for (const owner of doc.owners) if (await this.isTestUser(owner)) counted = false;
      this.counted.set(doc._id, counted);
      if (counted === doc.counted) continue;
      this.bucket(doc.day, doc.c ?? {}, counted ? 1 : -1);
      if (!this.deltas.has(doc._id)) this.deltas.set(doc._id, { owners: doc.owners, day: doc.day, kind: doc.pday ? 'p' : 'f', inc: {} });
    }
  }

  /** Marks a user's role as known for this operation (their own event carries it). */
  knowTestUser(userId: string, testUser: boolean): void {
    this.testUsers.set(userId, testUser);
  }

  async build(seq: number): Promise<Operation | null> {
    const owners: Operation['owners'] = [];
    for (const [id, delta] of this.deltas) {
      const inc = nonZero(delta.inc);
      let counted = this.counted.get(id);
      if (counted === undefined) {
        if (Object.keys(inc).length === 0) continue;
        const existing = await this.collections.owners.findById(id);
        counted = existing?.counted;
        if (counted === undefined) {
          counted = true;
          for (const owner of delta.owners) if (await this.isTestUser(owner)) counted = false;
        }
      }
      if (counted) this.bucket(delta.day, inc, 1);
      owners.push({ _id: id, owners: delta.owners, day: delta.day, kind: delta.kind, inc, counted });
    }
    const buckets = [...this.buckets].map(([id, inc]) => ({ _id: id, inc: nonZero(inc) })).filter((bucket) => Object.keys(bucket.inc).length > 0);
    if (this.facts.length === 0 && owners.length === 0 && buckets.length === 0) return null;
    return { seq, facts: this.facts, owners, buckets };
  }
}

/**
 * The dashboard's incremental read model (decision 0056). Each fact the projections receive is
 * applied as one operation, one at a time: its contribution before and after, the owner documents'
 * and day buckets' increments computed, journalled in one write (when any), then applied; each increment is
 * guarded by the operation's number, so an operation replayed after a crash (at the next start, or
 * before the next operation) adds nothing twice. A repeated event finds its fact already in that
 * state and changes nothing.
 */
export class DashboardModel {
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly collections: DashboardCollections,
    private readonly journal: OperationJournal<Operation>,
    private readonly logger: Logger,
  ) {}

  /** Opens the model: finishes an operation a crash interrupted, and builds the figures from the facts once (a first start, or a migration). */
  static async open(collections: DashboardCollections, logger: Logger): Promise<DashboardModel> {
    const journal = new OperationJournal<Operation>(collections.journal, JOURNAL, 'the dashboard read model was written');
    const model = new DashboardModel(collections, journal, logger);
    if (!(await journal.open())?.built) await model.rebuild();
    else await model.serial(async () => undefined);
    return model;
  }

  /** A user's snapshot. */
  applyUser(user: DashUserDoc): Promise<void> {
    return this.operation(async (builder) => {
      const before = await this.collections.users.findById(user._id);
      if ((before?.testUser ?? false) !== user.testUser) await builder.flip(user._id, user.testUser);
      builder.knowTestUser(user._id, user.testUser);
      builder.fact('users', user as unknown as Operation['facts'][number]['doc']);
      builder.change(userContribution(before), userContribution(user));
    });
  }

  /** An ad's snapshot: `next` makes the new state from the one stored. */
  applyAd(id: string, next: (before: DashAdDoc | null) => DashAdDoc): Promise<void> {
    return this.operation(async (builder) => {
      const before = await this.collections.ads.findById(id);
      const after = next(before);
      builder.fact('ads', after as unknown as Operation['facts'][number]['doc']);
      builder.change(adContribution(before), adContribution(after));
      // The plan units used for this ad count only while it is known and not a TESTUSER's.
      if (!before || before.testUser !== after.testUser || before.sellerId !== after.sellerId) {
        for (const change of await this.collections.planChanges.find({ opportunityId: id })) {
          builder.change(planChangeContribution(change, before), planChangeContribution(change, after));
        }
      }
    });
  }

  applyInvoice(invoice: DashInvoiceDoc): Promise<void> {
    return this.operation(async (builder) => {
      const before = await this.collections.invoices.findById(invoice._id);
      builder.fact('invoices', invoice as unknown as Operation['facts'][number]['doc']);
      builder.change(invoiceContribution(before), invoiceContribution(invoice));
    });
  }

  applyPlanChange(change: DashPlanChangeDoc): Promise<void> {
    return this.operation(async (builder) => {
      const before = await this.collections.planChanges.findById(change._id);
      const ad = change.opportunityId === null ? null : await this.collections.ads.findById(change.opportunityId);
      builder.fact('planChanges', change as unknown as Operation['facts'][number]['doc']);
      builder.change(planChangeContribution(before, ad), planChangeContribution(change, ad));
    });
  }

  /** Waits for the operations under way (stop); one that failed stays journalled, for the next operation or start. */
  async idle(): Promise<void> {
    await this.chain;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(async () => {
      if (this.journal.pending) await this.finish(this.journal.pending);
      return work();
    });
    // The caller gets the error through `run`; the chain goes on to the next piece of work.
    this.chain = run.catch(() => undefined);
    return run;
  }

  private operation(build: (builder: OperationBuilder) => Promise<void>): Promise<void> {
    return this.serial(async () => {
      const builder = new OperationBuilder(this.collections);
      await build(builder);
      const operation = await builder.build(this.journal.seq + 1);
      if (!operation) return;
      if (operation.owners.length === 0 && operation.buckets.length === 0) {
        // Only facts whose figures do not change (an edit, an invoice created): their writes are idempotent, no journal needed.
        await this.writeFacts(operation);
        return;
      }
      await this.journal.record(operation);
      await this.finish(operation);
    });
  }

  /** Applies a journalled operation (again, after a crash: the guarded increments it already made are skipped). */
  private async finish(operation: Operation): Promise<void> {
    await this.writeFacts(operation);
    for (const owner of operation.owners) {
      // An owner whose only change is `counted` has no increments; the journal's schema-less `pending`
      // keeps no empty object (mongoose minimizes it away), so a journalled operation read back lacks `inc`.
      const inc = owner.inc ?? {};
      await guardedUpsert(this.collections.owners, owner._id, operation.seq, {
        ...(Object.keys(inc).length > 0 ? { $inc: prefixed(inc) } : {}),
        $set: { seq: operation.seq, counted: owner.counted },
        $setOnInsert: { owners: owner.owners, day: owner.day, ...(owner.kind === 'p' ? { pday: owner.day } : {}) },
      });
    }
    for (const bucket of operation.buckets) {
      await guardedUpsert(this.collections.buckets, bucket._id, operation.seq, { $inc: prefixed(bucket.inc), $set: { seq: operation.seq } });
    }
    await this.journal.done();
  }

  private async writeFacts(operation: Operation): Promise<void> {
    for (const { collection, doc } of operation.facts) {
      const { _id, ...fields } = doc;
      await (this.collections[collection] as unknown as Collection).updateOne({ _id }, { $set: fields }, { upsert: true });
    }
  }

  /**
   * Builds the figures from the facts, in pages (a first start on facts kept by an earlier version,
   * or after the figures were deleted). Runs once: the journal then says they are built.
   */
  async rebuild(): Promise<void> {
    const started = performance.now();
    const { collections } = this;
    await collections.owners.deleteMany({});
    await collections.buckets.deleteMany({});
    const owners = new Map<string, { owners: string[]; day: string; kind: 'p' | 'f'; c: Counters }>();
    const testUsers = new Set<string>();
    const add = (entries: Contribution[]) => {
      for (const entry of entries) {
        const id = ownerId(entry);
        const doc = owners.get(id) ?? { owners: entry.owners, day: entry.day ?? NO_DAY, kind: entry.kind, c: {} };
        addInto(doc.c, entry.c, 1);
        owners.set(id, doc);
      }
    };
    const pages = async <T extends StoredDocument>(collection: Collection<T>, each: (docs: T[]) => Promise<void> | void) => {
      let after = '';
      for (;;) {
        const docs = await collection.find(after ? { _id: { $gt: after } } : {}, { sort: { _id: 1 }, limit: PAGE });
        if (docs.length === 0) return;
        await each(docs);
        after = docs[docs.length - 1]!._id;
      }
    };
    await pages(collections.users, (docs) => docs.forEach((user) => (user.testUser && testUsers.add(user._id), add(userContribution(user)))));
    await pages(collections.ads, (docs) => docs.forEach((ad) => add(adContribution(ad))));
    await pages(collections.invoices, (docs) => docs.forEach((invoice) => add(invoiceContribution(invoice))));
    await pages(collections.planChanges, async (docs) => {
      const ids = [...new Set(docs.map((change) => change.opportunityId).filter((id): id is string => id !== null))];
      const ads = new Map((await collections.ads.find({ _id: { $in: ids } })).map((ad) => [ad._id, ad]));
      for (const change of docs) add(planChangeContribution(change, change.opportunityId === null ? null : (ads.get(change.opportunityId) ?? null)));
    });
    const buckets = new Map<string, Counters>();
    const ownerDocs: DashOwnerDoc[] = [];
    for (const [id, doc] of owners) {
      const counted = doc.owners.every((owner) => !testUsers.has(owner));
      ownerDocs.push({ _id: id, owners: doc.owners, day: doc.day, ...(doc.kind === 'p' ? { pday: doc.day } : {}), counted, c: doc.c, seq: 0 });
      if (!counted) continue;
      for (const bucketId of doc.day === NO_DAY ? [ALL] : [doc.day, ALL]) addInto(buckets.get(bucketId) ?? buckets.set(bucketId, {}).get(bucketId)!, doc.c, 1);
    }
    for (let i = 0; i < ownerDocs.length; i += PAGE) await collections.owners.insertMany(ownerDocs.slice(i, i + PAGE));
    const bucketDocs = [...buckets].map(([id, c]) => ({ _id: id, c, seq: 0 }));
    for (let i = 0; i < bucketDocs.length; i += PAGE) await collections.buckets.insertMany(bucketDocs.slice(i, i + PAGE));
    await this.journal.reset();
    this.logger.info(
      { owners: ownerDocs.length, buckets: bucketDocs.length, ms: Math.round(performance.now() - started) },
      'dashboard figures built from the facts',
    );
  }
}
