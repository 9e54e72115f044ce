import { Box } from '../ui/Box';
import { Container, Group } from '../ui/Group';
import { Burger } from '../ui/Burger';
import { Button } from '../ui/Button';
import { useDisclosure } from '../ui/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, NavLink } from '../router';
import { useSession } from '../session/session';
import classes from './Layout.module.css';
import { LanguageMenu } from './LanguageMenu';
import { lazyPart } from '../parts/lazyPart';
import { Logo } from './Logo';
import { SignInButton } from './SignInButton';
import { SocialLinks } from './SocialLinks';

// What only a signed-in user, an administrator or a phone's tap sees is loaded when first shown.
const ProfileMenu = lazyPart(() => import('./ProfileMenu').then((module) => module.ProfileMenu));
const AdminMenu = lazyPart(() => import('../admin/AdminMenu').then((module) => module.AdminMenu), { apollo: false });
const SessionExpiredNotice = lazyPart(() => import('./SessionExpiredNotice').then((module) => module.SessionExpiredNotice), { apollo: false });
const HeaderDrawer = lazyPart(() => import('./HeaderDrawer').then((module) => module.HeaderDrawer));

export function Header() {
  const { t } = useTranslation();
  const [drawerOpen, drawer] = useDisclosure(false);
  // The drawer is mounted at the first tap on the burger, then kept (so it can close with its transition).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const session = useSession();

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Link to="/" className={classes.brand} aria-label={t('app.homeLink')}>
            <Logo />
          </Link>

          <Group gap={6} wrap="nowrap" visibleFrom="sm">
            <Button component={NavLink} to="/" end variant="subtle" color="dark" className={classes.navLink}>
              {t('nav.home')}
            </Button>
            <Button component={Link} to="/opportunityRegister" leftSection={<IconPlus size={16} stroke={2.5} />}>
              {t('nav.publishAd')}
            </Button>
            <Box visibleFrom="md">
              <SocialLinks />
            </Box>
            {session.status === 'signedIn' && (
              <Suspense fallback={null}>
                <AdminMenu />
              </Suspense>
            )}
            <LanguageMenu />
            {session.status === 'signedIn' ? (
              <Suspense fallback={null}>
                <ProfileMenu />
              </Suspense>
            ) : (
              <SignInButton />
            )}
          </Group>

          <Burger
            hiddenFrom="sm"
            opened={drawerOpen}
            onClick={() => {
              setDrawerUsed(true);
              drawer.toggle();
            }}
            aria-label={t('nav.openMenu')}
          />
        </Group>
      </Container>
      {session.status === 'expired' && (
        <Suspense fallback={null}>
          <SessionExpiredNotice />
        </Suspense>
      )}

      {drawerUsed && (
        <Suspense fallback={null}>
          <HeaderDrawer opened={drawerOpen} onClose={drawer.close} />
        </Suspense>
      )}
    </Box>
  );
}
