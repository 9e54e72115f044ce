import { Box } from '../ui/Box';
import { Center } from '../ui/Group';
import { Loader } from '../ui/Loader';
import { Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet, ScrollRestoration } from '../router';
import { CompareTray } from '../compare/CompareButton';
import { SessionProvider } from './SessionProvider';
import { Header } from './Header';
import { laterPart } from '../parts/laterPart';
import classes from './Layout.module.css';

/**
 * The footer is below every page's first screen: a later part (decision 0103), its chunk (the
 * footer, its grid and icons, the versions query) out of the first load, started as this module runs
 * in the browser and hydrated after the rest (issue 12, fourth pass).
 */
const Footer = laterPart(() => import('./Footer').then((module) => module.Footer));
// In a task of its own: asking for its chunk and preloads is no part of evaluating the page's modules,
// one long task on a phone (issue 31 item 10).
if (typeof window !== 'undefined') setTimeout(Footer.preload);

/** Header, the current page, footer, all within the session. */
export function Layout() {
  return (
    <SessionProvider>
      <Box className={classes.shell}>
        <Header />
        <Box component="main" className={classes.main}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
        <CompareTray />
        <ScrollRestoration />
      </Box>
    </SessionProvider>
  );
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={120}>
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
