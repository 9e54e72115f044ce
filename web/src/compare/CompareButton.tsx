import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { COMPARE_MAX, compareHref, compareList, useCompareList } from './compareList';

/** Adds an ad to the comparison, or takes it out (issue 19). */
export function CompareButton({ adId, title, size = 'xs' }: { adId: string; title: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const ids = useCompareList();
  const included = ids.includes(adId);
  const full = !included && ids.length >= COMPARE_MAX;
  return (
    <Button
      size={size}
      variant={included ? 'filled' : 'light'}
      color="indigo"
      leftSection={<IconScale size={16} />}
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

/** The compare tray: how many ads are picked, a link to compare them, and a way to clear (issue 19). */
export function CompareTray() {
  const { t } = useTranslation();
  const ids = useCompareList();
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === '/compare') return null;
  return (
    <Affix position={{ bottom: 84, right: 12 }} zIndex={150}>
      <Paper shadow="md" radius="md" p={8} withBorder component="aside" aria-label={t('compare.tray')} data-testid="compare-tray">
        <Group gap={6} wrap="nowrap">
          <Button component={Link} to={compareHref(ids)} size="xs" color="indigo" leftSection={<IconScale size={16} />}>
            {t('compare.open', { count: ids.length })}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => compareList.clear()}>
            {t('compare.clear')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {ids.length} / {COMPARE_MAX}
        </Text>
      </Paper>
    </Affix>
  );
}
