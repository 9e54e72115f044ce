/**
 * The work-in-progress marker of the ad wizard (spec 02 §4): the id of an ad created but not paid
 * yet, kept in local storage with its owner and the request id of its creation. Entering the wizard
 * with a marker loads that ad and its invoice to resume; a completed payment or an ad that needs no
 * payment clears it. Pure over a handed-in storage, so it is unit-tested.
 */
export const WIP_KEY = 'ruedas.opportunityInProgress';

export interface WorkInProgress {
  userId: string;
  opportunityId: string;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isWorkInProgress(value: unknown): value is WorkInProgress {
  if (value === null || typeof value !== 'object') return false;
  const wip = value as Record<string, unknown>;
  return typeof wip.userId === 'string' && wip.userId !== '' && typeof wip.opportunityId === 'string' && wip.opportunityId !== '';
}

export function createWipStore(storage: KeyValueStorage) {
  return {
    /** The marker of this user's unpaid ad, or null (another user's marker is ignored, a corrupt one dropped). */
    read(userId: string): WorkInProgress | null {
      const text = storage.getItem(WIP_KEY);
      if (text === null) return null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isWorkInProgress(parsed)) return parsed.userId === userId ? parsed : null;
      } catch {
        // unreadable: dropped below
      }
      storage.removeItem(WIP_KEY);
      return null;
    },
    save(marker: WorkInProgress): void {
      storage.setItem(WIP_KEY, JSON.stringify(marker));
    },
    /** Clears the marker; with an id, only when it marks that ad. */
    clear(opportunityId?: string): void {
      if (opportunityId === undefined) return storage.removeItem(WIP_KEY);
      const text = storage.getItem(WIP_KEY);
      if (text === null) return;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isWorkInProgress(parsed) && parsed.opportunityId !== opportunityId) return;
      } catch {
        // unreadable: dropped
      }
      storage.removeItem(WIP_KEY);
    },
  };
}

export type WipStore = ReturnType<typeof createWipStore>;

/** The marker in this browser's local storage. */
export const wipStore: WipStore = createWipStore({
  getItem: (key) => globalThis.localStorage?.getItem(key) ?? null,
  setItem: (key, value) => globalThis.localStorage?.setItem(key, value),
  removeItem: (key) => globalThis.localStorage?.removeItem(key),
});
