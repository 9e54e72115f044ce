import type { FileHandle } from 'node:fs/promises';
import type { Logger } from '@ruedas/platform';
import { decodeFrames, encodeFrame } from './frames';
import { GroupCommit } from './group-commit';
import { openFrameFile } from './fs-durable';

/** What a topic log stores per message. */
export interface StoredMessage {
  key: string;
  value: unknown;
  headers: Record<string, string>;
}

/** A frame's JSON: key, value, headers and (since issue 30) the time it was appended, in ms. */
interface Frame {
  k: string;
  v: unknown;
  h: Record<string, string>;
  t?: number;
}

export interface ReadMessage extends StoredMessage {
  /** Position in the topic: 0 for the first message ever appended. */
  offset: number;
}

const READ_BATCH_BYTES = 1 << 20;

/**
 * One topic: an append-only file of frames, each holding one message as JSON. Only fsynced frames
 * are visible to readers, so a consumer never handles a message that a crash could still lose.
 *
 * Files are opened in append mode, so each flush's single write lands at the end of the file.
 */
export class TopicLog {
  /** Byte position of each message's frame; the index is the message's offset. */
  readonly #positions: number[];
  /** End of the durable, visible part of the file. */
  #length: number;
  readonly #appends: GroupCommit<Buffer[]>;
  readonly #waiters = new Set<() => void>();

  private constructor(
    private readonly file: FileHandle,
    positions: number[],
    length: number,
  ) {
    this.#positions = positions;
    this.#length = length;
    this.#appends = new GroupCommit((batches) => this.#flush(batches.flat()));
  }

  static async open(path: string, logger: Logger): Promise<TopicLog> {
    const positions: number[] = [];
    const { file, length } = await openFrameFile(path, (_payload, position) => positions.push(position), logger);
    return new TopicLog(file, positions, length);
  }

  /** Number of durable messages, which is also the offset the next one will get. */
  get size(): number {
    return this.#positions.length;
  }

  /** Resolves once every message is written and fsynced, in the order given. */
  append(messages: StoredMessage[]): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    const t = Date.now();
    const frames = messages.map((message) =>
      encodeFrame(Buffer.from(JSON.stringify({ k: message.key, v: message.value, h: message.headers, t } satisfies Frame))),
    );
    return this.#appends.submit(frames);
  }

  /** Up to `max` messages from `offset` on (at least one if there is one), bounded to about 1 MiB. */
  async read(offset: number, max: number): Promise<ReadMessage[]> {
    return (await this.#readFrames(offset, max)).map(({ k, v, h }, index) => ({ offset: offset + index, key: k, value: v, headers: h }));
  }

  async #readFrames(offset: number, max: number): Promise<Frame[]> {
    const start = this.#positions[offset];
    if (start === undefined) return [];
    let last = Math.min(offset + max, this.size) - 1;
    while (last > offset && this.#endOf(last) - start > READ_BATCH_BYTES) last -= 1;
    const buffer = Buffer.allocUnsafe(this.#endOf(last) - start);
    await this.file.read(buffer, 0, buffer.length, start);
    return decodeFrames(buffer).map((payload) => JSON.parse(payload.toString('utf8')) as Frame);
  }

  /**
   * The offset of the first message appended at or after `ms` (the size when there is none): a
   * binary search over the frames' times, which grow with the offsets (a frame without a time, from
   * before times were written, counts as older than any).
   */
  async firstAtOrAfter(ms: number): Promise<number> {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const [message] = await this.#readFrames(middle, 1);
      if ((message?.t ?? 0) < ms) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Resolves once a message at `offset` exists, or when `signal` aborts. */
  waitFor(offset: number, signal: AbortSignal): Promise<void> {
    if (offset < this.size || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        if (offset >= this.size && !signal.aborted) return;
        this.#waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.#waiters.add(wake);
      signal.addEventListener('abort', wake);
    });
  }

  async close(): Promise<void> {
    await this.#appends.idle();
    await this.file.close();
  }

  #endOf(offset: number): number {
    return this.#positions[offset + 1] ?? this.#length;
  }

  async #flush(frames: Buffer[]): Promise<void> {
    const bytes = Buffer.concat(frames);
    try {
      await this.file.write(bytes, 0, bytes.length);
      await this.file.datasync();
    } catch (error) {
      // Leave no partial frames behind for the next append to follow (best effort: the write's error
      // is the one thrown, and reopening the log drops a torn tail anyway).
      await this.file.truncate(this.#length).catch(() => undefined);
      throw error;
    }
    let position = this.#length;
    for (const frame of frames) {
      this.#positions.push(position);
      position += frame.length;
    }
    this.#length = position;
    for (const wake of [...this.#waiters]) wake();
  }
}
