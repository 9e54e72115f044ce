import { Button, Menu, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { IconChevronDown, IconShieldCog } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { useViewer } from '../catalogue/useViewer';
import { adminLinks, impersonatorAdminLinks, type AdminLink } from './adminLinks';

/** Which admin entries the viewer gets: all for an administrator, Users maintenance for an impersonator. */
function useAdminLinks(): readonly AdminLink[] {
  const viewer = useViewer();
  if (viewer.isAdmin) return adminLinks;
  if (viewer.impersonator) return impersonatorAdminLinks;
  return [];
}

/** The header's admin dropdown; nothing for anybody else. */
export function AdminMenu() {
  const { t } = useTranslation();
  const links = useAdminLinks();
  if (links.length === 0) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button variant="subtle" color="dark" leftSection={<IconShieldCog size={18} />} rightSection={<IconChevronDown size={14} />}>
          {t('admin.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map(({ key, to, Icon }) => (
          <Menu.Item key={key} component={Link} to={to} leftSection={<Icon size={16} />}>
            {t(`admin.links.${key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same entries in the mobile drawer. */
export function AdminNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const links = useAdminLinks();
  if (links.length === 0) return null;
  return (
    <Stack gap={0}>
      {links.map(({ key, to, Icon }) => (
        <MantineNavLink key={key} component={Link} to={to} label={t(`admin.links.${key}`)} leftSection={<Icon size={18} />} onClick={onNavigate} />
      ))}
    </Stack>
  );
}
