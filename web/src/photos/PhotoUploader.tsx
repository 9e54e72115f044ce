import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { Level } from '@ruedas/domain';
import { IconChevronLeft, IconChevronRight, IconPhotoPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useMediaQuery } from '../ui/hooks';
import { getToken } from '../auth/token';
import { Photo } from './Photo';
import classes from './photos.module.css';
import { ACCEPTED_PHOTO_TYPES, checkPhotoFile, fitToCap, photoCap } from './rules';
import { deletePhoto, failureMessage } from './transport';
import { pendingCount, type Upload } from './uploadState';
import { useUploads } from './useUploads';

export interface PhotoUploaderProps {
  /** The ad's level: it sets how many photos fit (PHOTOS_PER_LEVEL). */
  level: Level;
  /** The photo ids in order; the first is the cover. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * The photos of an ad being written: drop files or pick them, each is checked (JPEG or PNG, up
 * to 10 MB), sent with its own progress bar and added to `value` once saved. Photos can be moved
 * (the first is the cover) and removed (deleted on the server). New files stop at the level's cap.
 */
export function PhotoUploader({ level, value, onChange }: PhotoUploaderProps) {
  const { t, i18n } = useTranslation();
  const cap = photoCap(level);
  const [notices, setNotices] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const openPicker = useRef<() => void>(null);
  // A phone has nothing to drag photos from: it is told to tap (issue 31).
  const touch = useMediaQuery('(pointer: coarse), (max-width: 48em)') ?? false;

  // Uploads and deletions end later than the render that started them: they change the latest list.
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });

  const { uploads, add, retry, dismiss } = useUploads((ids) => latest.current.onChange([...latest.current.value, ...ids]));
  const used = value.length + pendingCount(uploads);
  const full = used >= cap;

  function choose(files: readonly File[]) {
    const messages: string[] = [];
    const acceptable = files.filter((file) => {
      const refusal = checkPhotoFile(file);
      if (refusal === 'type') messages.push(t('photos.uploader.refusedType', { name: file.name }));
      if (refusal === 'size') messages.push(t('photos.uploader.refusedSize', { name: file.name }));
      return refusal === null;
    });
    const { taken, leftOut } = fitToCap(acceptable, level, used);
    if (leftOut.length > 0) {
      messages.push(t('photos.uploader.leftOut', { cap, names: leftOut.map((file) => file.name).join(', ') }));
    }
    setNotices(messages);
    if (taken.length > 0) add(taken);
  }

  async function remove(id: string) {
    setRemoving(id);
    setNotices([]);
    try {
      await deletePhoto(id, { token: getToken(), language: i18n.language });
      latest.current.onChange(latest.current.value.filter((kept) => kept !== id));
    } catch (error) {
      setNotices([t('photos.uploader.removeFailed', { reason: failureMessage(error, t) })]);
    } finally {
      setRemoving(null);
    }
  }

  function move(from: number, to: number) {
    const ids = [...value];
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    onChange(ids);
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>{t('photos.uploader.photosLabel')}</Text>
        <Text size="sm" c="dimmed">
          {t('photos.uploader.count', { count: value.length, cap })}
        </Text>
      </Group>

      {value.length > 0 && (
        <ul className={classes.tiles} aria-label={t('photos.uploader.photosLabel')}>
          {value.map((id, index) => {
            const number = index + 1;
            return (
              <li key={id} className={classes.tile}>
                <Photo id={id} thumb alt={t('photos.uploader.photoAlt', { index: number })} />
                {index === 0 && (
                  <Badge className={classes.cover} variant="filled">
                    {t('photos.uploader.cover')}
                  </Badge>
                )}
                <div className={classes.tileActions}>
                  {[
                    { key: 'moveEarlier', color: 'dark', Icon: IconChevronLeft, disabled: index === 0, onClick: () => move(index, index - 1) },
                    { key: 'remove', color: 'red', Icon: IconTrash, loading: removing === id, disabled: removing !== null, onClick: () => void remove(id) },
                    { key: 'moveLater', color: 'dark', Icon: IconChevronRight, disabled: index === value.length - 1, onClick: () => move(index, index + 1) },
                  ].map(({ key, Icon, ...action }) => (
                    <ActionIcon key={key} variant="subtle" aria-label={t(`photos.uploader.${key}`, { index: number })} {...action}>
                      <Icon aria-hidden />
                    </ActionIcon>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {full ? (
        <Alert color="yellow" role="status">
          {t('photos.uploader.capReached', { cap })}
        </Alert>
      ) : (
        <>
          <Dropzone onDrop={choose} openRef={openPicker} inputProps={{ accept: ACCEPTED_PHOTO_TYPES.join(',') }}>
            <Group justify="center" gap="sm" mih={96} style={{ pointerEvents: 'none' }}>
              <IconPhotoPlus size={36} stroke={1.5} aria-hidden />
              <div>
                <Text fw={600}>{t(touch ? 'photos.uploader.tapTitle' : 'photos.uploader.dropTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {t('photos.uploader.dropHint')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          <Button variant="light" leftSection={<IconPhotoPlus size={18} aria-hidden />} onClick={() => openPicker.current?.()}>
            {t('photos.uploader.choose')}
          </Button>
        </>
      )}

      {notices.length > 0 && (
        <Alert color="red" role="alert">
          {notices.map((notice) => (
            <Text key={notice} size="sm">
              {notice}
            </Text>
          ))}
        </Alert>
      )}

      {uploads.length > 0 && (
        <ul className={classes.uploads} aria-label={t('photos.uploader.uploadsLabel')}>
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onRetry={() => retry(upload.key)} onDismiss={() => dismiss(upload.key)} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

const STATUS_COLOURS = { initial: 'gray', saving: 'ruedas', success: 'green', failed: 'red' } as const;

function UploadRow({ upload, onRetry, onDismiss }: { upload: Upload; onRetry: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { file, status, progress, error } = upload;
  return (
    <li data-status={status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate>
          {file.name}
        </Text>
        <Text size="sm" c={STATUS_COLOURS[status]} style={{ whiteSpace: 'nowrap' }}>
          {t(`photos.uploader.status.${status}`, { percent: Math.round(progress * 100) })}
        </Text>
      </Group>
      <Progress value={progress * 100} color={STATUS_COLOURS[status]} size="sm" aria-label={file.name} />
      {status === 'failed' && (
        <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
          <Text size="sm" c="red">
            {error}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" variant="light" onClick={onRetry}>
              {t('photos.uploader.retry')}
            </Button>
            <ActionIcon variant="subtle" color="gray" aria-label={t('photos.uploader.dismiss', { name: file.name })} onClick={onDismiss}>
              <IconX aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      )}
    </li>
  );
}
