import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { ActionIcon, type ActionIconProps } from '../ui/ActionIcon';
import { useTranslation } from '../i18n/react';

/** The lightbox's previous or next button: white and round, off at either end. */
export function PhotoStep({
  side,
  index,
  count,
  goTo,
  size,
  className,
}: {
  side: 'previous' | 'next';
  index: number;
  count: number;
  goTo: (index: number) => void;
  size: ActionIconProps['size'];
  className?: string;
}) {
  const { t } = useTranslation();
  const next = side === 'next';
  return (
    <ActionIcon
      className={className}
      data-side={side}
      variant="white"
      color="dark"
      radius="xl"
      size={size}
      aria-label={t(next ? 'photos.carousel.next' : 'photos.carousel.previous')}
      disabled={next ? index >= count - 1 : index === 0}
      onClick={() => goTo(next ? index + 1 : index - 1)}
    >
      {next ? <IconChevronRight aria-hidden /> : <IconChevronLeft aria-hidden />}
    </ActionIcon>
  );
}
