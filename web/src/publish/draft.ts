import type { WizardDraft } from './AdWizard';

/**
 * The ad wizard's draft (issue 13): what a seller has written before the ad is created, kept in
 * local storage with its owner, so a reload or a closed tab loses nothing. The create page offers it
 * back (with "Start over"); creating the ad, or starting over, removes it. Pure over a handed-in
 * storage, so it is unit-tested. Photos are kept by id (they are already uploaded).
 */
export const DRAFT_KEY = 'ruedas.adDraft';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredDraft {
  userId: string;
  savedAt: string;
  draft: WizardDraft;
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (value === null || typeof value !== 'object') return false;
  const stored = value as Record<string, unknown>;
  const draft = stored.draft as Record<string, unknown> | null | undefined;
  return (
    typeof stored.userId === 'string' &&
    draft !== null &&
    typeof draft === 'object' &&
    draft.values !== null &&
    typeof draft.values === 'object' &&
    [0, 1, 2].includes(draft.step as number) &&
    typeof draft.electronicInvoice === 'boolean' &&
    draft.invoice !== null &&
    typeof draft.invoice === 'object'
  );
}

export function createDraftStore(storage: KeyValueStorage) {
  return {
    /** This user's draft, or null (another user's draft is left alone; an unreadable one is dropped). */
    read(userId: string): WizardDraft | null {
      const text = storage.getItem(DRAFT_KEY);
      if (text === null) return null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isStoredDraft(parsed)) return parsed.userId === userId ? parsed.draft : null;
      } catch {
        // unreadable: dropped below
      }
      storage.removeItem(DRAFT_KEY);
      return null;
    },
    save(userId: string, draft: WizardDraft, now: Date = new Date()): void {
      try {
        storage.setItem(DRAFT_KEY, JSON.stringify({ userId, savedAt: now.toISOString(), draft } satisfies StoredDraft));
      } catch {
        // Storage full or refused (private mode): the wizard goes on without a draft.
      }
    },
    clear(): void {
      storage.removeItem(DRAFT_KEY);
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** The draft in this browser's local storage. */
export const draftStore: DraftStore = createDraftStore({
  getItem: (key) => globalThis.localStorage?.getItem(key) ?? null,
  setItem: (key, value) => globalThis.localStorage?.setItem(key, value),
  removeItem: (key) => globalThis.localStorage?.removeItem(key),
});
