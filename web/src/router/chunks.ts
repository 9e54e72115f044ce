/** How long a page's script or style chunk may take to load before it counts as failed (spec 01 §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded: the network failed, the deployment changed, or it took too long. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Loads a chunk, turning a failure or a load slower than the time-out into a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Chunk failed to load', { cause }));
      },
    );
  });
}
