import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import mongoose from 'mongoose';
import { PRIVATE_FILE_MODE, type Logger } from '@ruedas/platform';
import type { Doc } from './query/values';
import { replayJournal, type JournalRecord } from './replay';

const { EJSON } = mongoose.mongo.BSON;

/**
 * One line per committed single-document write: `<crc32 hex> <payload>\n`, the payload being
 * `{"p":<document>}` (the whole new document, its `_id` first as a rule) or `{"d":"<id>"}` (a delete). Documents
 * are written as relaxed Extended JSON so dates and ObjectIds come back as themselves.
 */
export type { JournalRecord };

function encode(record: JournalRecord): string {
  const payload = 'put' in record ? EJSON.stringify({ p: record.put }, { relaxed: true }) : JSON.stringify({ d: record.del });
  return `${crc32(payload).toString(16).padStart(8, '0')} ${payload}\n`;
}

export interface CompactionPolicy {
  /** The journal is never compacted below this size. */
  minBytes: number;
  /** Compact when the journal is this many times bigger than the live documents. */
  ratio: number;
}

/**
 * The durable form of one collection: `<name>.snapshot` (every live document, written atomically by
 * compaction) and `<name>.journal` (the writes since). Writes are group-committed: every write that
 * arrives while an fsync is under way shares the next one.
 */
export class Journal {
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  /** Bytes of each live document's latest line, to tell when the journal outgrows the data. */
  private liveBytes = 0;

  private constructor(
    private readonly file: string,
    private readonly snapshotFile: string,
    private handle: FileHandle,
    private journalBytes: number,
    private readonly sizes: Map<string, number>,
    private readonly policy: CompactionPolicy,
    private readonly liveDocuments: () => Iterable<Doc>,
    private readonly logger: Logger | undefined,
  ) {
    for (const bytes of sizes.values()) this.liveBytes += bytes;
  }

  /**
   * Reads the snapshot and the journal into `docs`, discarding a torn last journal line (a crash in
   * the middle of a write), and opens the journal for appending.
   */
  static async open(dir: string, name: string, docs: Map<string, Doc>, policy: CompactionPolicy, logger?: Logger): Promise<Journal> {
    const file = join(dir, `${name}.journal`);
    const snapshotFile = join(dir, `${name}.snapshot`);
    const replayed = replayJournal({
      snapshot: await readIfExists(snapshotFile),
      snapshotName: snapshotFile,
      journal: (await readIfExists(file)) ?? Buffer.alloc(0),
      journalName: file,
    });
    for (const [id, doc] of replayed.docs) docs.set(id, doc);
    const { sizes, validBytes } = replayed;
    const totalBytes = replayed.journalBytes;
    const handle = await open(file, 'a+', PRIVATE_FILE_MODE);
    await handle.chmod(PRIVATE_FILE_MODE);
    if (validBytes < totalBytes) {
      logger?.warn({ file, discardedBytes: totalBytes - validBytes }, 'discarding a torn last journal line');
      await handle.truncate(validBytes);
      await handle.datasync();
    }
    return new Journal(file, snapshotFile, handle, validBytes, sizes, policy, () => docs.values(), logger);
  }

  /** Appends records; resolves once they are on disk. Call it in the same tick as the in-memory change. */
  append(records: JournalRecord[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    for (const record of records) {
      const line = encode(record);
      this.pending.push(line);
      this.track(record, line.length);
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      // Start on the next microtask so that every write issued in this tick shares the first fsync.
      this.flushing ??= Promise.resolve().then(() => this.flushLoop());
    });
  }

  private track(record: JournalRecord, bytes: number): void {
    const id = 'put' in record ? (record.put._id as string) : record.del;
    this.liveBytes -= this.sizes.get(id) ?? 0;
    if ('put' in record) {
      this.sizes.set(id, bytes);
      this.liveBytes += bytes;
    } else {
      this.sizes.delete(id);
    }
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const data = this.pending.join('');
        const waiters = this.waiters;
        this.pending = [];
        this.waiters = [];
        try {
          await this.handle.write(data);
          await this.handle.datasync();
          this.journalBytes += Buffer.byteLength(data);
          for (const w of waiters) w.resolve();
        } catch (error) {
          // The in-memory state is now ahead of the disk: refuse every later write rather than diverge.
          this.failure = new Error(`journal ${this.file} could not be written: ${(error as Error).message}`);
          this.logger?.error({ err: error, file: this.file }, 'journal write failed; the store refuses further writes');
          for (const w of [...waiters, ...this.waiters]) w.reject(this.failure);
          this.waiters = [];
          this.pending = [];
          return;
        }
        if (this.pending.length === 0 && this.shouldCompact()) await this.compact();
      }
    } finally {
      this.flushing = null;
    }
  }

  private shouldCompact(): boolean {
    return this.journalBytes > this.policy.minBytes && this.journalBytes > this.policy.ratio * this.liveBytes;
  }

  /**
   * Rewrites the snapshot from the live documents (temp file, fsync, rename) and empties the
   * journal. It runs between flushes, when memory and journal agree; a crash between the rename
   * and the truncation only replays writes the snapshot already holds.
   */
  private async compact(): Promise<void> {
    const lines: string[] = [];
    for (const doc of this.liveDocuments()) lines.push(encode({ put: doc }));
    const temp = `${this.snapshotFile}.tmp`;
    const out = await open(temp, 'w', PRIVATE_FILE_MODE);
    try {
      await out.writeFile(lines.join(''));
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(temp, this.snapshotFile);
    await this.handle.truncate(0);
    await this.handle.datasync();
    this.logger?.debug({ file: this.file, before: this.journalBytes, snapshot: this.liveBytes }, 'journal compacted');
    this.journalBytes = 0;
  }

  /** Waits for pending writes, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle.close();
  }
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
