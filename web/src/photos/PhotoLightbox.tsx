import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from '../i18n/react';
import classes from './photos.module.css';
import { photoUrl } from './urls';
import { useSwipe } from './useSwipe';
import { PhotoStep } from './PhotoStep';

/** How much a zoomed photo is enlarged. */
export const LIGHTBOX_ZOOM = 2.5;

export interface PhotoLightboxProps {
  opened: boolean;
  onClose: () => void;
  ids: readonly string[];
  title: string;
  /** The photo shown; the lightbox and the carousel behind it move together. */
  index: number;
  onIndexChange: (index: number) => void;
}

/**
 * The ad's photos full screen at display size: arrows, ArrowLeft/ArrowRight/Home/End, swipes, a
 * "3 / 8" counter, and zoom (a click or tap on the photo, the zoom button, or + and -) that
 * follows the pointer or the finger over the enlarged photo. Escape or the close button leaves.
 */
export function PhotoLightbox({ opened, onClose, ids, title, index, onIndexChange }: PhotoLightboxProps) {
  const { t } = useTranslation();
  const count = ids.length;
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const [pressed, setPressed] = useState(false);

  function goTo(target: number) {
    const next = Math.max(0, Math.min(count - 1, target));
    if (next === index) return;
    setZoom(null);
    onIndexChange(next);
  }

  const swipe = useSwipe((direction) => goTo(direction === 'next' ? index + 1 : index - 1));

  // Back (Android's button, the browser's) closes the lightbox and stays on the ad (issue 31): opening
  // adds a history entry of the same address and state, which Back takes off; closing it otherwise
  // takes the entry back off. The router sees the same location and key, so nothing else moves.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!opened) return;
    const current: unknown = window.history.state;
    window.history.pushState({ ...(typeof current === 'object' && current !== null ? current : {}), lightbox: true }, '', window.location.href);
    let popped = false;
    const onPop = () => {
      popped = true;
      closeRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (!popped && (window.history.state as { lightbox?: boolean } | null)?.lightbox) window.history.back();
    };
  }, [opened]);

  // The keys work wherever the focus is inside the lightbox (it traps the focus while open).
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
      const target = moves[event.key];
      if (target !== undefined) {
        event.preventDefault();
        goTo(target);
      } else if (event.key === '+' || event.key === '=') {
        setZoom((current) => current ?? { x: 50, y: 50 });
      } else if (event.key === '-') {
        setZoom(null);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  /** Where the pointer is over the stage, in percent: the point the zoom enlarges around. */
  function pointAt(event: PointerEvent<HTMLElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / Math.max(1, box.width)) * 100;
    const y = ((event.clientY - box.top) / Math.max(1, box.height)) * 100;
    return { x: Math.max(0, Math.min(100, x)), y: Math.max(0, Math.min(100, y)) };
  }

  // Zoomed, a finger or the mouse moves over the photo instead of swiping to the next one.
  const stageHandlers = zoom
    ? {
        onPointerDown: () => setPressed(true),
        onPointerUp: () => setPressed(false),
        onPointerCancel: () => setPressed(false),
        onPointerMove: (event: PointerEvent<HTMLElement>) => {
          if (event.pointerType === 'mouse' || pressed) setZoom(pointAt(event));
        },
        onClick: () => setZoom(null),
      }
    : {
        ...swipe.handlers,
        onClick: (event: MouseEvent<HTMLElement>) => {
          const box = event.currentTarget.getBoundingClientRect();
          setZoom({
            x: ((event.clientX - box.left) / Math.max(1, box.width)) * 100,
            y: ((event.clientY - box.top) / Math.max(1, box.height)) * 100,
          });
        },
      };

  const id = ids[index];

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setZoom(null);
        onClose();
      }}
      fullScreen
      title={title}
      closeButtonProps={{ 'aria-label': t('photos.lightbox.close') }}
      classNames={{ content: classes.lightbox, header: classes.lightboxHeader, body: classes.lightboxBody, title: classes.lightboxTitle }}
    >
      <div className={classes.lightboxFrame} data-testid="lightbox">
        <div className={classes.lightboxStage} data-zoomed={zoom ? true : undefined} data-dragging={swipe.dragging || undefined} {...stageHandlers}>
          {id && (
            <img
              key={id}
              src={photoUrl(id)}
              alt={t('photos.carousel.photoAlt', { title, index: index + 1, count })}
              draggable={false}
              className={classes.lightboxImage}
              style={{
                transform: zoom ? `scale(${LIGHTBOX_ZOOM})` : `translateX(${swipe.offset}px)`,
                transformOrigin: zoom ? `${zoom.x}% ${zoom.y}%` : undefined,
              }}
            />
          )}
        </div>
        <Group className={classes.lightboxBar} justify="center" gap="md" wrap="nowrap">
          <PhotoStep side="previous" size="xl" index={index} count={count} goTo={goTo} />
          <Text c="white" fw={700} aria-live="polite" data-testid="lightbox-counter" className={classes.lightboxCounter}>
            {index + 1} / {count}
          </Text>
          <PhotoStep side="next" size="xl" index={index} count={count} goTo={goTo} />
          <ActionIcon
            variant="white"
            color="dark"
            radius="xl"
            size="xl"
            aria-label={t(zoom ? 'photos.lightbox.zoomOut' : 'photos.lightbox.zoomIn')}
            aria-pressed={Boolean(zoom)}
            onClick={() => setZoom((current) => (current ? null : { x: 50, y: 50 }))}
          >
            {zoom ? <IconZoomOut aria-hidden /> : <IconZoomIn aria-hidden />}
          </ActionIcon>
        </Group>
      </div>
    </Modal>
  );
}
