import { useEffect, useEffectEvent, useReducer, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { getToken } from '../auth/token';
import { failureMessage, uploadPhoto } from './transport';
import { advanceUpload, createUpload, nextToSend, type Upload, type UploadEvent } from './uploadState';

type Action = { type: 'add'; uploads: readonly Upload[] } | { type: 'event'; key: string; event: UploadEvent } | { type: 'dismiss'; key: string };

function reduce(uploads: readonly Upload[], action: Action): readonly Upload[] {
  switch (action.type) {
    case 'add':
      // A new choice starts a new list: finished uploads already show as photos.
      return [...uploads.filter((upload) => upload.status !== 'success'), ...action.uploads];
    case 'event':
      return uploads.map((upload) => (upload.key === action.key ? advanceUpload(upload, action.event) : upload));
    case 'dismiss':
      return uploads.filter((upload) => upload.key !== action.key);
  }
}

let lastKey = 0;

/**
 * The queue of photo uploads: sends one file at a time, in order, reporting progress, and calls
 * `onUploaded` with each file's ids as it is saved. Unmounting cancels what is in flight.
 */
export function useUploads(onUploaded: (ids: readonly string[]) => void) {
  const { t, i18n } = useTranslation();
  const [uploads, dispatch] = useReducer(reduce, []);
  const inFlight = useRef(new Set<AbortController>());

  // Effect events read the latest props when an upload ends, however long it took.
  const saved = useEffectEvent((ids: readonly string[]) => onUploaded(ids));
  const reason = useEffectEvent((error: unknown) => failureMessage(error, t));

  const send = useEffectEvent((upload: Upload) => {
    const advance = (event: UploadEvent) => dispatch({ type: 'event', key: upload.key, event });
    const controller = new AbortController();
    inFlight.current.add(controller);
    advance({ type: 'start' });
    uploadPhoto(upload.file, {
      token: getToken(),
      language: i18n.language,
      signal: controller.signal,
      onProgress: (loaded, total) => advance({ type: 'progress', loaded, total }),
    })
      .then((ids) => {
        advance({ type: 'succeed', ids });
        saved(ids);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) advance({ type: 'fail', message: reason(error) });
      })
      .finally(() => inFlight.current.delete(controller));
  });

  useEffect(() => {
    const upload = nextToSend(uploads);
    if (upload) send(upload);
  }, [uploads]);

  useEffect(() => {
    const controllers = inFlight.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);

  return {
    uploads,
    add: (files: readonly File[]) => dispatch({ type: 'add', uploads: files.map((file) => createUpload(`upload-${++lastKey}`, file)) }),
    retry: (key: string) => dispatch({ type: 'event', key, event: { type: 'reset' } }),
    dismiss: (key: string) => dispatch({ type: 'dismiss', key }),
  };
}
