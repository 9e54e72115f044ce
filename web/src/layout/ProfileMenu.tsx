import { Avatar, Button, Menu, NavLink as MantineNavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { PlanBalancesSummary } from '../publish/PlanBalances';
import { useSession, type SessionUser } from '../session/session';
import { accountLinks, impersonatorLinks } from './accountLinks';
import { SignInButton } from './SignInButton';

function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** The header's profile dropdown: "Sign in" when logged out, the account menu when signed in. */
export function ProfileMenu() {
  const session = useSession();
  const { t } = useTranslation();
  if (session.status !== 'signedIn') return <SignInButton />;

  const { user, logout } = session;
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={
            <Avatar size={26} color="ruedas" aria-hidden>
              {initials(user.fullName)}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} />}
        >
          <Text span size="sm" fw={600} maw={140} truncate>
            {user.fullName}
          </Text>
          {/* Named by what it shows (the name, for voice control) and then what it is. */}
          <VisuallyHidden>, {t('profile.account')}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.fullName}</Menu.Label>
        {visibleLinks(user).map(({ key, to, Icon }) => (
          <Menu.Item key={key} component={Link} to={to} leftSection={<Icon size={16} />}>
            {t(`profile.${key}`)}
            {key === 'plans' && <PlanBalancesSummary />}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout} leftSection={<IconLogout size={16} />}>
          {t('profile.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same account entries laid out for the mobile drawer. */
export function ProfileNav({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession();
  const { t } = useTranslation();
  if (session.status !== 'signedIn') return <SignInButton fullWidth />;

  const { user, logout } = session;
  return (
    <Stack gap={0}>
      <Text fw={700} px="sm" pb="xs">
        {user.fullName}
      </Text>
      {visibleLinks(user).map(({ key, to, Icon }) => (
        <MantineNavLink
          key={key}
          component={Link}
          to={to}
          label={t(`profile.${key}`)}
          description={key === 'plans' ? <PlanBalancesSummary /> : undefined}
          leftSection={<Icon size={18} />}
          onClick={onNavigate}
        />
      ))}
      <MantineNavLink
        component="button"
        c="red"
        label={t('profile.logout')}
        leftSection={<IconLogout size={18} />}
        onClick={() => {
          onNavigate();
          logout();
        }}
      />
    </Stack>
  );
}

function visibleLinks(user: SessionUser) {
  return user.impersonator ? impersonatorLinks : accountLinks;
}
