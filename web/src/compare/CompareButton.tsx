import { ActionIcon } from '../ui/ActionIcon';
import { Button } from '../ui/Button';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Suspense } from 'react';
import { lazyPage } from '../router/lazyPage';
import { COMPARE_MAX, compareList, useCompareList } from './compareList';

/** Adds an ad to the comparison, or takes it out (issue 19). */
export function CompareButton({ adId, title, size = 'xs', iconOnly = false }: { adId: string; title: string; size?: 'xs' | 'sm'; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const ids = useCompareList();
  const included = ids.includes(adId);
  const full = !included && ids.length >= COMPARE_MAX;
  if (iconOnly) {
    // The phone's compact rows: an icon beside the star, so neither covers the title.
    return (
      <ActionIcon
        size="lg"
        variant={included ? 'filled' : 'light'}
        color="indigo"
        aria-pressed={included}
        aria-label={`${included ? t('compare.remove') : t('compare.add')}: ${title}`}
        title={full ? t('compare.full') : included ? t('compare.remove') : t('compare.add')}
        disabled={full}
        onClick={() => compareList.toggle(adId)}
        data-testid="compare-toggle"
      >
        <IconArrowsLeftRight size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button
      size={size}
      variant={included ? 'filled' : 'light'}
      color="indigo"
      aria-pressed={included}
      aria-label={`${included ? t('compare.remove') : t('compare.add')}: ${title}`}
      title={full ? t('compare.full') : undefined}
      disabled={full}
      onClick={() => compareList.toggle(adId)}
      data-testid="compare-toggle"
    >
      {included ? t('compare.remove') : t('compare.add')}
    </Button>
  );
}

// The tray's own code loads only once an ad is picked (never in a public page's first load).
const Tray = lazyPage(() => import('./CompareTray'));

/** The compare tray (issue 19), once at least one ad is picked. */
export function CompareTray() {
  const ids = useCompareList();
  if (ids.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Tray />
    </Suspense>
  );
}
