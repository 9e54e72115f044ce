import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatDateTime, localize, ROLE_LABELS, USER_STATUS_LABELS, USER_TYPE_LABELS } from '@ruedas/domain';
import { IconCar, IconPencil } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../router';
import type { AdminUsersQuery } from '../../../generated/gql/graphql';
import type { Readable } from '../../account/privateFields';
import { useLanguage } from '../../i18n';
import { roleShort, statusShort, userTypeShort } from './rules';

const STATUS_COLOURS = { ACTIVE: 'green', NOT_CONFIRMED: 'yellow', BLOCKED_BY_FAILS: 'red' } as const;

/** One account of /usersMaintenance: names, e-mail, type, role and status in short, created, and links to its edit and (for administrators) its ads. */
export function UserRow({ user, isAdmin }: { user: Readable<AdminUsersQuery['users']['items'][number]>; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const fullName = [user.name, user.lastName].join(' ');
  return (
    <Table.Tr data-user={user.id} data-email={user.email}>
      <Table.Td>
        {user.name}
        {user.merchantName && (
          <Text size="xs" c="dimmed">
            {user.merchantName}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{[user.lastName, user.lastName2].filter(Boolean).join(' ')}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
      <Table.Td title={localize(USER_TYPE_LABELS[user.userType], language)} data-column="type">
        {userTypeShort(user.userType)}
      </Table.Td>
      <Table.Td title={localize(ROLE_LABELS[user.role], language)} data-column="role">
        {roleShort(user.role)}
      </Table.Td>
      <Table.Td data-column="status">
        <Badge variant="light" color={STATUS_COLOURS[user.status]} title={localize(USER_STATUS_LABELS[user.status], language)}>
          {statusShort(user.status)}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-column="created" data-value={user.dateCreated}>
        {formatDateTime(user.dateCreated)}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('usersAdmin.list.edit')}>
            <ActionIcon
              component={Link}
              to={`/adminUserMaintenance?userId=${encodeURIComponent(user.id)}`}
              variant="light"
              aria-label={t('usersAdmin.list.editUser', { name: fullName })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {isAdmin && (
            <Tooltip label={t('usersAdmin.list.ads')}>
              <ActionIcon
                component={Link}
                to={`/userOpportunitiesViewAdmin?userId=${encodeURIComponent(user.id)}`}
                variant="light"
                color="gray"
                aria-label={t('usersAdmin.list.adsOf', { name: fullName })}
              >
                <IconCar size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
