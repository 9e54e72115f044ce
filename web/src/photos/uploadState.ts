/**
 * The life of one photo upload (spec 02 §4): initial (waiting its turn), saving (bytes on their
 * way), success (the server answered its ids) or failed; a reset puts a failed upload back to
 * initial so it is sent again.
 */
export type UploadStatus = 'initial' | 'saving' | 'success' | 'failed';

export interface Upload {
  /** Tells uploads of files with the same name apart. */
  readonly key: string;
  readonly file: File;
  readonly status: UploadStatus;
  /** Share of the bytes sent, 0 to 1. */
  readonly progress: number;
  /** The photo ids the server answered (success only). */
  readonly ids: readonly string[];
  /** The reason shown to the user, already translated (failed only). */
  readonly error: string | null;
}

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'succeed'; ids: readonly string[] }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

export function createUpload(key: string, file: File): Upload {
  return { key, file, status: 'initial', progress: 0, ids: [], error: null };
}

/** The next state of an upload; an event its state does not allow is a programming error and throws. */
export function advanceUpload(upload: Upload, event: UploadEvent): Upload {
  switch (`${upload.status}:${event.type}`) {
    case 'initial:start':
      return { ...upload, status: 'saving', progress: 0 };
    case 'saving:progress': {
      const { loaded, total } = event as Extract<UploadEvent, { type: 'progress' }>;
      return { ...upload, progress: total > 0 ? Math.min(1, Math.max(0, loaded / total)) : 0 };
    }
    case 'saving:succeed':
      return { ...upload, status: 'success', progress: 1, ids: (event as Extract<UploadEvent, { type: 'succeed' }>).ids };
    case 'saving:fail':
      return { ...upload, status: 'failed', error: (event as Extract<UploadEvent, { type: 'fail' }>).message };
    case 'failed:reset':
      return { ...upload, status: 'initial', progress: 0, error: null };
    default:
      throw new Error(`An upload in state "${upload.status}" cannot take the event "${event.type}"`);
  }
}

/**
 * The upload to send next: files go one at a time, in the order they were chosen, so each has a
 * progress bar of its own and the ids arrive in that order. None while one is still saving.
 */
export function nextToSend(uploads: readonly Upload[]): Upload | undefined {
  if (uploads.some((upload) => upload.status === 'saving')) return undefined;
  return uploads.find((upload) => upload.status === 'initial');
}

/** Uploads that still hold a photo slot: those not yet saved (a failed one may be retried). */
export function pendingCount(uploads: readonly Upload[]): number {
  return uploads.filter((upload) => upload.status !== 'success').length;
}
