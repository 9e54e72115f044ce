import { open, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, type Logger } from '@ruedas/platform';
import { encodeFrame } from './frames';
import { openFrameFile, syncDirectory } from './fs-durable';
import { GroupCommit } from './group-commit';

interface Commit {
  group: string;
  topic: string;
  /** The next offset the group will read from this topic. */
  next: number;
}

/** Appended commits after which the log is rewritten as a snapshot of the latest ones. */
const COMPACT_AFTER = 10_000;

const keyOf = (group: string, topic: string) => `${group}\u0000${topic}`;
const frameOf = (commit: Commit) => encodeFrame(Buffer.from(JSON.stringify(commit)));

/**
 * Committed offsets of every consumer group: an append-only log of commits (the latest per group
 * and topic wins), rewritten as a snapshot on open and whenever it has grown by many commits.
 */
export class OffsetStore {
  readonly #latest = new Map<string, Commit>();
  readonly #writes = new GroupCommit<Commit>((commits) => this.#flush(commits));
  #file!: FileHandle;
  #appendedSinceSnapshot = 0;

  private constructor(private readonly path: string) {}

  static async open(path: string, logger: Logger): Promise<OffsetStore> {
    const store = new OffsetStore(path);
    const { file } = await openFrameFile(
      path,
      (payload) => {
        const commit = JSON.parse(payload.toString('utf8')) as Commit;
        store.#latest.set(keyOf(commit.group, commit.topic), commit);
      },
      logger,
    );
    await file.close();
    await store.#writeSnapshot();
    return store;
  }

  /** The offset a group resumes from in a topic: 0 (the beginning) if it never committed. */
  committed(group: string, topic: string): number {
    return this.#latest.get(keyOf(group, topic))?.next ?? 0;
  }

  /** Records that the group is done with every message before `next`; resolves once it is durable. */
  commit(group: string, topic: string, next: number): Promise<void> {
    const commit = { group, topic, next };
    this.#latest.set(keyOf(group, topic), commit);
    return this.#writes.submit(commit);
  }

  async close(): Promise<void> {
    await this.#writes.idle();
    await this.#file.close();
  }

  async #flush(commits: Commit[]): Promise<void> {
    if (this.#appendedSinceSnapshot + commits.length > COMPACT_AFTER) {
      // The snapshot already holds these commits: #latest was updated when they were made.
      await this.#writeSnapshot();
      return;
    }
    const bytes = Buffer.concat(commits.map(frameOf));
    await this.#file.write(bytes, 0, bytes.length);
    await this.#file.datasync();
    this.#appendedSinceSnapshot += commits.length;
  }

  /** Replaces the log atomically with one frame per group and topic, and reopens it for appends. */
  async #writeSnapshot(): Promise<void> {
    const temporary = `${this.path}.tmp`;
    const snapshot = await open(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      const bytes = Buffer.concat([...this.#latest.values()].map(frameOf));
      await snapshot.write(bytes, 0, bytes.length);
      await snapshot.sync();
    } finally {
      await snapshot.close();
    }
    await rename(temporary, this.path);
    await syncDirectory(dirname(this.path));
    const previous: FileHandle | undefined = this.#file;
    this.#file = await open(this.path, 'a', PRIVATE_FILE_MODE);
    this.#appendedSinceSnapshot = 0;
    await previous?.close();
  }
}
