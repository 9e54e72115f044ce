import { Box, Burger, Button, Container, Divider, Drawer, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHome, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AdminMenu, AdminNav } from '../admin';
import classes from './Layout.module.css';
import { LanguageMenu, LanguageSwitch } from './LanguageMenu';
import { Logo } from './Logo';
import { ProfileMenu, ProfileNav } from './ProfileMenu';
import { SessionExpiredNotice } from './SessionExpiredNotice';
import { SocialLinks } from './SocialLinks';

export function Header() {
  const { t } = useTranslation();
  const [drawerOpen, drawer] = useDisclosure(false);

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
            <AdminMenu />
            <LanguageMenu />
            <ProfileMenu />
          </Group>

          <Burger hiddenFrom="sm" opened={drawerOpen} onClick={drawer.toggle} aria-label={t('nav.openMenu')} />
        </Group>
      </Container>
      <SessionExpiredNotice />

      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        hiddenFrom="sm"
        position="right"
        size="xs"
        title={<Text fw={800}>{t('nav.menu')}</Text>}
      >
        <Stack gap="md">
          <Stack gap={0}>
            <MantineNavLink
              component={NavLink}
              to="/"
              end
              label={t('nav.home')}
              leftSection={<IconHome size={18} />}
              className={classes.navLink}
              onClick={drawer.close}
            />
          </Stack>
          <Button
            component={Link}
            to="/opportunityRegister"
            fullWidth
            leftSection={<IconPlus size={16} stroke={2.5} />}
            onClick={drawer.close}
          >
            {t('nav.publishAd')}
          </Button>
          <Divider />
          <ProfileNav onNavigate={drawer.close} />
          <AdminNav onNavigate={drawer.close} />
          <Divider label={t('nav.language')} labelPosition="left" />
          <LanguageSwitch />
          <Divider label={t('social.title')} labelPosition="left" />
          <SocialLinks />
        </Stack>
      </Drawer>
    </Box>
  );
}
