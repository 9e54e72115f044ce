import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../src/router/chunks';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives the loaded module', async () => {
    const page = { default: 'page' };
    await expect(loadChunk(() => Promise.resolve(page))).resolves.toBe(page);
  });

  it('turns a failed import into a ChunkLoadError keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(cause);
  });

  it('fails with a ChunkLoadError after 120 seconds without an answer', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    loadChunk(() => new Promise<never>(() => {})).catch((thrown: unknown) => (outcome = thrown));

    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');

    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
  });
});
