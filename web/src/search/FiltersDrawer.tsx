import { Drawer } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { AdvancedSearch, type AdvancedSearchProps } from './AdvancedSearch';

/**
 * The phone's search filters in a bottom drawer (a part loaded at the first tap on the filters
 * button, `lazyPart`): the advanced search, closed once it searches.
 */
export function FiltersDrawer({ opened, onClose, onSearch, ...search }: AdvancedSearchProps & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="92%"
      title={t('search.filtersTitle')}
      closeButtonProps={{ 'aria-label': t('search.closeFilters') }}
    >
      <AdvancedSearch
        {...search}
        onSearch={(next) => {
          onClose();
          onSearch(next);
        }}
      />
    </Drawer>
  );
}
