import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link, useLocation } from '../router';
import { COMPARE_MAX, compareHref, compareList, useCompareList } from './compareList';
import classes from './CompareTray.module.css';

/**
 * The compare tray (issue 19): how many ads are picked, a link to compare them, and a way to clear; a
 * bar docked at the bottom edge, with room under the page for it (issue 31).
 */
export default function CompareTrayPanel() {
  const { t } = useTranslation();
  const ids = useCompareList();
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === '/compare') return null;
  return (
    <aside className={classes.tray} aria-label={t('compare.title')} data-testid="compare-tray">
      <Group gap={6} wrap="nowrap">
        <Button component={Link} to={compareHref(ids)} size="xs" color="indigo">
          {t('compare.open', { count: ids.length })}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={() => compareList.clear()}>
          {t('search.clear')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {ids.length} / {COMPARE_MAX}
      </Text>
    </aside>
  );
}
