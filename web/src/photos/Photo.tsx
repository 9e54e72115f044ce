import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { usePriorityImage } from '../ssr/env';
import { CarSilhouette } from './CarSilhouette';
import classes from './photos.module.css';
import { photoSrcSet, photoUrl } from './urls';

/** Frames are 4:3 unless told otherwise, the shape of most car photos. */
export const DEFAULT_PHOTO_RATIO = 4 / 3;

/** Intrinsic size hint for the browser; the frame's CSS sets the size shown. */
const HINT_HEIGHT = 600;

export interface PhotoProps {
  /** The photo's id; none shows the placeholder. */
  id: string | null | undefined;
  alt: string;
  /** The thumbnail instead of the display size. */
  thumb?: boolean;
  /** Width divided by height of the frame, reserved before the image arrives so nothing shifts. */
  ratio?: number;
  /** `lazy` (the default) waits until the frame nears the screen. */
  loading?: 'lazy' | 'eager';
  /** The page's main photo (its largest paint): fetched at once, before other images. */
  priority?: boolean;
  /**
   * How wide the display-size photo is shown (`sizes`): the browser then picks the responsive width
   * it needs (`srcset`). Thumbnails have one size.
   */
  sizes?: string;
  className?: string;
}

/** One photo in a fixed-ratio frame, cropped to fill it, with the car placeholder when it cannot load. */
export function Photo({ id, alt, thumb = false, ratio = DEFAULT_PHOTO_RATIO, loading = 'lazy', priority = false, sizes = '100vw', className }: PhotoProps) {
  const { t } = useTranslation();
  const src = id ? photoUrl(id, { thumb }) : null;
  // Remembering which address failed (not just "failed") lets a new id try again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const srcSet = id && !thumb ? photoSrcSet(id) : undefined;
  usePriorityImage(priority && src ? { src, ...(srcSet ? { srcSet, sizes } : {}) } : null);
  const frameClass = className ? `${classes.frame} ${className}` : classes.frame;

  return (
    <div className={frameClass} style={{ aspectRatio: String(ratio) }}>
      {src && failedSrc !== src ? (
        <img
          src={src}
          {...(srcSet ? { srcSet, sizes } : {})}
          alt={alt}
          loading={priority ? 'eager' : loading}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
          draggable={false}
          width={Math.round(HINT_HEIGHT * ratio)}
          height={HINT_HEIGHT}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <CarSilhouette label={`${alt} (${t('photos.unavailable')})`} />
      )}
    </div>
  );
}
