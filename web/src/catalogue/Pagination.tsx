import { Group } from '../ui/Group';
import { ActionIcon } from '../ui/ActionIcon';
import { Button } from '../ui/Button';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useSearchParams } from '../router';
import { pageWindow, paginationWindowSize } from './layout';
import { useWindowWidth } from './useWindowWidth';

/**
 * Page links of a list: first, previous, a window of page numbers sized by the window width
 * (spec 01 §9), next, last. The page lives in the address (`?page=N`, other parameters kept),
 * so back and forward move between pages. With an `anchor`, a new page scrolls to that element.
 * A list that seeks (issue 30) gives its `next` cursor: the next page's link carries it
 * (`?page=N&after=…`), so that page is read right after this one's last item, without the pages
 * before it and without repeating or skipping an item added or removed meanwhile.
 */
export function Pagination({ page, totalPages, anchor, next }: { page: number; totalPages: number; anchor?: string; next?: string | null }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const width = useWindowWidth();
  if (totalPages <= 1) return null;

  const target = (number: number) => {
    const params = new URLSearchParams(search);
    if (number === 1) params.delete('page');
    else params.set('page', String(number));
    if (next && number === page + 1) params.set('after', next);
    else params.delete('after');
    const text = params.toString();
    return { search: text ? `?${text}` : '', hash: anchor ? `#${anchor}` : '' };
  };
  const arrow = (number: number, label: string, icon: ReactNode) =>
    number === page || number < 1 || number > totalPages ? (
      <ActionIcon variant="default" disabled aria-label={label}>
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon component={Link} to={target(number)} variant="default" aria-label={label}>
        {icon}
      </ActionIcon>
    );

  return (
    <Group component="nav" aria-label={t('catalogue.pagination.label')} gap={4} justify="center" wrap="nowrap">
      {arrow(1, t('catalogue.pagination.first'), <IconChevronsLeft size={16} />)}
      {arrow(page - 1, t('catalogue.pagination.previous'), <IconChevronLeft size={16} />)}
      {pageWindow(page, totalPages, paginationWindowSize(width)).map((number) => (
        <Button
          key={number}
          component={Link}
          to={target(number)}
          size="compact-sm"
          style={{ minWidth: 30, paddingInline: 6 }}
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={t('catalogue.pagination.page', { page: number })}
        >
          {number}
        </Button>
      ))}
      {arrow(page + 1, t('catalogue.pagination.next'), <IconChevronRight size={16} />)}
      {arrow(totalPages, t('catalogue.pagination.last'), <IconChevronsRight size={16} />)}
    </Group>
  );
}
