import { ActionIcon } from '../ui/ActionIcon';
import { IconArrowsMaximize, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Suspense, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { Photo } from './Photo';
import { lazyPart } from '../parts/lazyPart';
import classes from './photos.module.css';
import { useSwipe } from './useSwipe';

// The full-screen viewer (Mantine's Modal and its focus trap) loads at its first opening.
const PhotoLightbox = lazyPart(() => import('./PhotoLightbox').then((module) => module.PhotoLightbox), { apollo: false });

export type PhotoCarouselVariant = 'compact' | 'large';

export interface PhotoCarouselProps {
  /** The ad's photo ids in order; the first is the cover. */
  ids: readonly string[];
  /** What the photos show, e.g. "Toyota RAV4 2018": it names the carousel and every photo. */
  title: string;
  /** `compact` (thumbnails, 4:3) for the ad miniature card; `large` (display size, 16:10) for the ad detail. */
  variant?: PhotoCarouselVariant;
  /**
   * What a click on the photo does. Unset, the large variant opens the lightbox (also from its
   * Enlarge button and Enter); given (the card's "open the ad"), it is called instead.
   */
  onPhotoClick?: () => void;
  /** The page's main photo is this carousel's first: fetched at once, with high priority. */
  priority?: boolean;
}

const VARIANTS = {
  compact: { thumb: true, ratio: 4 / 3, controlSize: 'md' },
  large: { thumb: false, ratio: 16 / 10, controlSize: 'xl' },
} as const;

/**
 * The photos of an ad, one at a time: swipe, arrow buttons, or ArrowLeft/ArrowRight/Home/End when
 * focused, with a "3 / 8" counter. It stops at both ends rather than looping, so the counter and
 * the disabled arrow always tell where one is. Only the photos seen so far and the next one are in
 * the page; the rest load when reached. The large variant fetches the next photo at once, the
 * compact one (many cards on a page) only when it nears the screen.
 */
/** How wide the large carousel is shown: the page's width on phones, two thirds of the 1140 px container from md. */
const LARGE_SIZES = '(min-width: 62em) 760px, 100vw';

export function PhotoCarousel({ ids, title, variant = 'large', priority = false, onPhotoClick }: PhotoCarouselProps) {
  const { t } = useTranslation();
  const { thumb, ratio, controlSize } = VARIANTS[variant];
  const count = ids.length;
  const [position, setPosition] = useState({ index: 0, seen: new Set([0]) });
  // A shorter list than before (photos removed) must not leave the carousel past its end.
  const index = Math.min(position.index, Math.max(0, count - 1));
  const withLightbox = !onPhotoClick && variant === 'large';
  const [lightboxOpen, setLightbox] = useState(false);
  // Mounted at the first opening, then kept (so it closes with its transition).
  const [lightboxUsed, setLightboxUsed] = useState(false);
  const setLightboxOpen = (open: boolean) => {
    if (open) setLightboxUsed(true);
    setLightbox(open);
  };
  const openPhoto = onPhotoClick ?? (withLightbox ? () => setLightboxOpen(true) : undefined);

  function goTo(target: number) {
    const next = Math.max(0, Math.min(count - 1, target));
    if (next !== index) setPosition({ index: next, seen: new Set(position.seen).add(next) });
  }

  const swipe = useSwipe((direction) => goTo(direction === 'next' ? index + 1 : index - 1));

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Keys pressed in the lightbox (a portal) bubble here through React: the lightbox answers those.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'Enter' && withLightbox && event.target === event.currentTarget) {
      event.preventDefault();
      setLightboxOpen(true);
      return;
    }
    const targets: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    const target = targets[event.key];
    if (target === undefined || count < 2) return;
    event.preventDefault();
    goTo(target);
  }

  if (count === 0) {
    return <Photo id={null} alt={title} ratio={ratio} className={classes.carousel} />;
  }

  return (
    <section
      className={classes.carousel}
      aria-roledescription={t('photos.carousel.roleDescription')}
      aria-label={t('photos.carousel.label', { title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className={classes.viewport} {...swipe.handlers} data-clickable={openPhoto ? (withLightbox ? 'zoom' : 'link') : undefined} onClick={openPhoto}>
        <div
          className={classes.track}
          data-dragging={swipe.dragging || undefined}
          style={{ transform: `translateX(calc(${-index * 100}% + ${swipe.offset}px))` }}
        >
          {ids.map((id, slide) => (
            <div
              key={`${slide}:${id}`}
              className={classes.slide}
              role="group"
              aria-roledescription={t('photos.carousel.slideRoleDescription')}
              aria-label={t('photos.carousel.slide', { index: slide + 1, count })}
              aria-hidden={slide !== index}
            >
              {position.seen.has(slide) || slide === index + 1 ? (
                <Photo
                  id={id}
                  alt={t('photos.carousel.photoAlt', { title, index: slide + 1, count })}
                  thumb={thumb}
                  ratio={ratio}
                  loading={variant === 'large' && slide !== index ? 'eager' : 'lazy'}
                  priority={priority && slide === 0}
                  sizes={LARGE_SIZES}
                />
              ) : (
                <div style={{ aspectRatio: String(ratio) }} />
              )}
            </div>
          ))}
        </div>
      </div>
      {withLightbox && (
        <>
          <ActionIcon
            className={classes.expand}
            variant="white"
            color="dark"
            radius="xl"
            size={controlSize}
            aria-label={t('photos.lightbox.open')}
            aria-haspopup="dialog"
            onClick={() => setLightboxOpen(true)}
          >
            <IconArrowsMaximize aria-hidden size={20} />
          </ActionIcon>
          {lightboxUsed && (
            <Suspense fallback={null}>
              <PhotoLightbox opened={lightboxOpen} onClose={() => setLightboxOpen(false)} ids={ids} title={title} index={index} onIndexChange={goTo} />
            </Suspense>
          )}
        </>
      )}
      {count > 1 && (
        <>
          {(
            [
              ['previous', -1, IconChevronLeft],
              ['next', 1, IconChevronRight],
            ] as const
          ).map(([side, step, Chevron]) => (
            <ActionIcon
              key={side}
              className={classes.arrow}
              data-side={side}
              variant="white"
              color="dark"
              radius="xl"
              size={controlSize}
              aria-label={t(`photos.carousel.${side}`)}
              disabled={index + step < 0 || index + step >= count}
              onClick={() => goTo(index + step)}
            >
              <Chevron aria-hidden />
            </ActionIcon>
          ))}
          <span className={classes.counter} aria-live="polite">
            {index + 1} / {count}
          </span>
        </>
      )}
    </section>
  );
}
