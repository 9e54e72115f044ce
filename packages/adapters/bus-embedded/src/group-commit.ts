/**
 * Group commit: work submitted while a flush is running waits and is flushed together in the next
 * one, so concurrent writers share one write and one fsync instead of paying for one each.
 */
export class GroupCommit<T> {
  #queue: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #draining: Promise<void> | undefined;

  constructor(private readonly flush: (items: T[]) => Promise<void>) {}

  /** Resolves once the flush that carried `item` has completed. */
  submit(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#draining ??= this.#drain();
    });
  }

  /** Resolves once everything submitted so far has been flushed (or has failed). */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0);
      try {
        await this.flush(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.#draining = undefined;
  }
}
