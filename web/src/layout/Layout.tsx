import { Box, Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet, ScrollRestoration } from '../router';
import { CompareTray } from '../compare/CompareButton';
import { SessionProvider } from '../session/SessionProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './Layout.module.css';

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
        <Footer />
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
