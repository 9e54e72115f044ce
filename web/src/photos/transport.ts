import { photoDeleteUrl, PHOTO_UPLOAD_URL } from './urls';

/**
 * Why a photo call failed: `refused` carries the server's own message (already in the language
 * asked for), `network` means no answer arrived, `server` an answer that makes no sense or a 5xx.
 */
export type PhotoFailure = 'refused' | 'network' | 'server';

export class PhotoRequestError extends Error {
  constructor(
    readonly failure: PhotoFailure,
    message: string,
    /** The documented error code of a refusal (e.g. 0003 for an invalid session), when given. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PhotoRequestError';
  }
}

export interface PhotoRequestOptions {
  /** The session token; the media service refuses calls without one. */
  token: string | null;
  /** The interface language, so a refusal comes back translated. */
  language: string;
}

export interface UploadOptions extends PhotoRequestOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one photo and resolves with the ids the server answers. XMLHttpRequest rather than fetch,
 * because only it reports the progress of the bytes sent.
 */
export function uploadPhoto(file: File, { token, language, onProgress, signal }: UploadOptions): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', PHOTO_UPLOAD_URL);
    setHeaders({ token, language }, (name, value) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.total);
    request.onload = () => {
      try {
        resolve(readIds(request.status, request.responseText));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new PhotoRequestError('network', 'The upload got no answer'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

/** Deletes a photo; one the server no longer has (404) counts as deleted. */
export async function deletePhoto(id: string, options: PhotoRequestOptions): Promise<void> {
  const headers: Record<string, string> = {};
  setHeaders(options, (name, value) => (headers[name] = value));
  let response: Response;
  try {
    response = await fetch(photoDeleteUrl(id), { method: 'DELETE', headers });
  } catch {
    throw new PhotoRequestError('network', 'The deletion got no answer');
  }
  if (response.ok || response.status === 404) return;
  throw refusal(response.status, await response.text());
}

function setHeaders({ token, language }: PhotoRequestOptions, set: (name: string, value: string) => void): void {
  set('Accept-Language', language);
  if (token) set('Authorization', `Bearer ${token}`);
}

function readIds(status: number, text: string): string[] {
  if (status < 200 || status >= 300) throw refusal(status, text);
  const ids = parseJson(text);
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && id !== '')) {
    throw new PhotoRequestError('server', `The upload answered ${text.slice(0, 100)} instead of a list of photo ids`);
  }
  return ids;
}

/** A 4xx answer `{ code, message }` is a refusal to show as is; anything else is the server's fault. */
function refusal(status: number, text: string): PhotoRequestError {
  const body = parseJson(text) as { code?: unknown; message?: unknown } | undefined;
  if (status >= 400 && status < 500 && typeof body?.message === 'string' && body.message !== '') {
    return new PhotoRequestError('refused', body.message, typeof body.code === 'string' ? body.code : null);
  }
  return new PhotoRequestError('server', `The media service answered ${status}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The text to show for a failed call: the server's own reason when it refused, ours otherwise. */
export function failureMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof PhotoRequestError && error.failure === 'refused') return error.message;
  if (error instanceof PhotoRequestError && error.failure === 'network') return t('photos.uploader.network');
  return t('photos.uploader.server');
}
