import { Center } from '../ui/Group';
import { Paper } from '../ui/Paper';
import { Collapse } from '../ui/Collapse';
import { Loader } from '../ui/Loader';
import { Suspense, useId, useState } from 'react';
import { lazyPart } from '../parts/lazyPart';
import { useRunSearchLater } from './runSearchLater';
import { SimpleSearch } from './SimpleSearch';

// The advanced panel (sliders, selects, typed ranges and their rules) loads at the first opening.
const AdvancedSearch = lazyPart(() => import('./AdvancedSearch').then((module) => module.AdvancedSearch), { apollo: false });

/**
 * The search entry of the home banner: the simple search box, and the advanced search behind its
 * toggle (closed at first, its code loaded when first opened). Either opens the results page.
 */
export function SearchEntry({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const runSearch = useRunSearchLater();
  const toggle = () => {
    setOpened(true);
    setOpen((value) => !value);
  };
  return (
    <div className={className}>
      <SimpleSearch variant="hero" onSearch={runSearch} advanced={{ open, controls: panelId, onToggle: toggle }} />
      <Collapse expanded={open} id={panelId}>
        <Paper p="md" mt="xs" radius="md" withBorder>
          {opened && (
            <Suspense
              fallback={
                <Center py="md">
                  <Loader size="sm" />
                </Center>
              }
            >
              <AdvancedSearch filter={{}} onSearch={runSearch} />
            </Suspense>
          )}
        </Paper>
      </Collapse>
    </div>
  );
}
