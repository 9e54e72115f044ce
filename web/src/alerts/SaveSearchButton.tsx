import { Button } from '../ui/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import type { SearchFilter } from '../search/filter';
import { useSession } from '../session/session';

// The form is a chunk of its own, loaded on the first tap: the public results page carries only this button.
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog'));

/** "Save this search" on the results page: a visitor is sent to sign in; a buyer names it and picks how often to be told. */
export function SaveSearchButton({ filter }: { filter: SearchFilter }) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session.status !== 'signedIn') {
    return (
      <Button component={Link} to="/signin" variant="light">
        {t('alerts.save.button')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('alerts.save.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog filter={filter} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
