import { Alert, Button, Group, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconArrowsSort, IconSearch, IconSortAscending, IconSortDescending, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { readable } from '../../account/privateFields';
import { USERS } from '../../admin/users/operations';
import { API_SORT_FIELDS, nextSort, usersSearch, usersViewFromSearch, type UserSortField } from '../../admin/users/rules';
import { Pagination } from '../../catalogue/Pagination';
import { useViewer } from '../../catalogue/useViewer';
import { UserRow } from '../../admin/users/UserRow';
import { AdminScreen } from '../../admin/AdminScreen';

/**
 * /usersMaintenance (spec 02 §2, §6): every account for administrators and impersonators, filtered
 * by name, surnames or e-mail (typed, sent 300 ms after the last keystroke), sorted by a column
 * header, paged; type as I/C, role by its first three letters, status as A/NC/B. Each row leads to
 * the user's edit and, for administrators, to the user's ads. Filter, sort and page are in the address.
 */
export default function UsersMaintenancePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  useDocumentTitle(`${t('usersAdmin.list.title')} · ${t('app.name')}`);
  const [search, setSearch] = useSearchParams();
  const view = usersViewFromSearch(search);
  const [typed, setTyped] = useState(view.filter);
  const { data, previousData, loading, error } = useQuery(USERS, {
    variables: {
      filter: view.filter || null,
      sort: { field: API_SORT_FIELDS[view.sort.field], direction: view.sort.direction },
      page: view.page,
      after: search.get('after'),
    },
    fetchPolicy: 'cache-and-network',
  });
  const users = (data ?? previousData)?.users;
  const applyFilter = useDebouncedCallback((filter: string) => {
    setSearch(usersSearch({ ...view, filter, page: 1 }), { replace: true });
  }, 300);

  const header = (field: UserSortField | null, label: string) => {
    if (!field) return <Table.Th>{label}</Table.Th>;
    const active = view.sort.field === field;
    const Icon = !active ? IconArrowsSort : view.sort.direction === 'ASC' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th aria-sort={active ? (view.sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          aria-label={t('usersAdmin.list.sortBy', { column: label })}
          onClick={() => setSearch(usersSearch({ ...view, sort: nextSort(view.sort, field), page: 1 }))}
          style={{ fontWeight: 700, fontSize: 'inherit', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {label}
          <Icon size={14} opacity={active ? 1 : 0.4} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <AdminScreen
      title={t('usersAdmin.list.title')}
      intro={t('usersAdmin.list.intro')}
      actions={
        <Button component={Link} to="/impersonalRegister" variant="light" leftSection={<IconUserPlus size={16} />}>
          {t('usersAdmin.list.register')}
        </Button>
      }
    >
      <Group align="flex-end" justify="space-between">
        <TextInput
          label={t('usersAdmin.list.filter')}
          placeholder={t('usersAdmin.list.filterPlaceholder')}
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', sm: 360 }}
          type="search"
          value={typed}
          maxLength={100}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            applyFilter(event.currentTarget.value);
          }}
        />
        {users && (
          <Text c="dimmed" data-testid="users-count">
            {t('usersAdmin.list.count', { count: users.totalItems })}
          </Text>
        )}
      </Group>
      <QueryStatus error={error} loading={!users && loading} />
      {users && users.items.length === 0 && <Alert color="gray">{t('usersAdmin.list.empty')}</Alert>}
      {users && users.items.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="users" aria-busy={loading}>
            <Table.Thead>
              <Table.Tr>
                {header('name', t('usersAdmin.list.name'))}
                {header('lastName', t('usersAdmin.list.lastNames'))}
                {header('email', t('usersAdmin.list.email'))}
                {header(null, t('usersAdmin.list.type'))}
                {header('role', t('usersAdmin.list.role'))}
                {header('status', t('usersAdmin.list.status'))}
                {header('dateCreated', t('usersAdmin.list.created'))}
                <Table.Th>{t('usersAdmin.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.items.map(readable).map((user) => (
                <UserRow key={user.id} user={user} isAdmin={viewer.isAdmin} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed">
        {t('usersAdmin.list.legend')}
      </Text>
      {users && <Pagination page={users.page} totalPages={Math.max(1, users.totalPages)} next={users.next} />}
    </AdminScreen>
  );
}
