import { Collapse, Paper } from '@mantine/core';
import { useId, useState } from 'react';
import { AdvancedSearch } from './AdvancedSearch';
import { useRunSearch } from './navigation';
import { SimpleSearch } from './SimpleSearch';

/**
 * The search entry of the home banner: the simple search box, and the advanced search behind its
 * toggle (closed at first). Either opens the results page.
 */
export function SearchEntry({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const runSearch = useRunSearch();
  return (
    <div className={className}>
      <SimpleSearch variant="hero" onSearch={runSearch} advanced={{ open, controls: panelId, onToggle: () => setOpen((value) => !value) }} />
      <Collapse expanded={open} id={panelId}>
        <Paper p="md" mt="xs" radius="md" withBorder>
          <AdvancedSearch filter={{}} onSearch={runSearch} />
        </Paper>
      </Collapse>
    </div>
  );
}
