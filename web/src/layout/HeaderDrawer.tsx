import { Button, Divider, Drawer, NavLink as MantineNavLink, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconHome, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link, NavLink } from '../router';
import { AdminNav } from '../admin/AdminMenu';
import { LANGUAGES, toLanguage, useLanguage } from '../i18n';
import classes from './Layout.module.css';
import { ProfileNav } from './ProfileMenu';
import { SocialLinks } from './SocialLinks';

/** The phone's menu (under the `sm` breakpoint): a chunk of its own, loaded at the first tap on the burger. */
export function HeaderDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} hiddenFrom="sm" position="right" size="xs" title={<Text fw={800}>{t('nav.menu')}</Text>}>
      <Stack gap="md">
        <Stack gap={0}>
          <MantineNavLink
            component={NavLink}
            to="/"
            end
            label={t('nav.home')}
            leftSection={<IconHome size={18} />}
            className={classes.navLink}
            onClick={onClose}
          />
        </Stack>
        <Button component={Link} to="/opportunityRegister" fullWidth leftSection={<IconPlus size={16} stroke={2.5} />} onClick={onClose}>
          {t('nav.publishAd')}
        </Button>
        <Divider />
        <ProfileNav onNavigate={onClose} />
        <AdminNav onNavigate={onClose} />
        <Divider label={t('nav.language')} labelPosition="left" />
        <LanguageSwitch />
        <Divider label={t('social.title')} labelPosition="left" />
        <SocialLinks />
      </Stack>
    </Drawer>
  );
}

/** The language choice laid out for the drawer. */
function LanguageSwitch() {
  const { t } = useTranslation();
  const [language, choose] = useLanguage();
  return (
    <SegmentedControl
      fullWidth
      aria-label={t('nav.language')}
      value={language}
      onChange={(value) => {
        const picked = toLanguage(value);
        if (picked) choose(picked);
      }}
      data={LANGUAGES.map((option) => ({ value: option, label: t(`language.${option}`) }))}
    />
  );
}
