import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link, useLocation } from '../router';
import { COMPARE_MAX, compareHref, compareList, useCompareList } from './compareList';

/** The compare tray: how many ads are picked, a link to compare them, and a way to clear (issue 19). */
export default function CompareTrayPanel() {
  const { t } = useTranslation();
  const ids = useCompareList();
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === '/compare') return null;
  return (
    <div style={{ position: 'fixed', bottom: 84, right: 12, zIndex: 150 }}>
      <Paper shadow="md" radius="md" p={8} withBorder component="aside" aria-label={t('compare.title')} data-testid="compare-tray">
        <Group gap={6} wrap="nowrap">
          <Button component={Link} to={compareHref(ids)} size="xs" color="indigo">
            {t('compare.open', { count: ids.length })}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => compareList.clear()}>
            {t('search.clear')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {ids.length} / {COMPARE_MAX}
        </Text>
      </Paper>
    </div>
  );
}
