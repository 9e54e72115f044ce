import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  adminUserEditSchema,
  formatDateTime,
  impersonatorMayEdit,
  impersonatorMaySetStatus,
  localize,
  ROLE_LABELS,
  ROLES,
  translate,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type Role,
  type UserStatus,
} from '@ruedas/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useSearchParams } from '../../router';
import type { AdminUserQuery } from '../../../generated/gql/graphql';
import { AccountCard, FormFailure, FormPending } from '../../account/AccountCard';
import { personOf } from '../../account/personValues';
import { languageOf, readable, type Readable } from '../../account/privateFields';
import { useAccountForm } from '../../account/useAccountForm';
import { ADMIN_UPDATE_USER, ADMIN_USER } from '../../admin/users/operations';
import { UserFields, userInput, type UserValues } from '../../admin/users/UserFields';
import { useViewer } from '../../catalogue/useViewer';
import { useLanguage } from '../../i18n';

interface EditValues extends UserValues {
  role: Role;
  status: UserStatus;
}

type EditedUser = Readable<AdminUserQuery['user']>;

/**
 * /adminUserMaintenance?userId= (spec 02 §2, §5 user edit): every field of a user. An administrator
 * edits all of them; an impersonator neither the role (not shown) nor the e-mail (disabled), and only
 * advertisers' and test users' accounts. Rules of @ruedas/domain (`adminUserEditSchema`), the same the
 * server applies. Saved: /adminUserMaintenanceResult.
 */
export default function AdminUserMaintenancePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const { data, error } = useQuery(ADMIN_USER, { variables: { id: userId }, skip: !userId, fetchPolicy: 'network-only' });
  return (
    <AccountCard title={t('usersAdmin.edit.title')} size="md">
      {!userId ? (
        <FormFailure message={t('usersAdmin.edit.missing')} />
      ) : data ? (
        <EditForm key={data.user.id} user={readable(data.user)} />
      ) : (
        <FormPending error={error} />
      )}
    </AccountCard>
  );
}

function editValues(user: EditedUser): EditValues {
  return {
    ...personOf(user),
    email: user.email,
    language: languageOf(user.language),
    idType: user.idType ?? undefined,
    identification: user.identification,
    role: user.role,
    status: user.status,
  };
}

function EditForm({ user }: { user: EditedUser }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const viewer = useViewer();
  const admin = viewer.isAdmin;
  const readOnly = !admin && !impersonatorMayEdit(user.role);
  const [update] = useMutation(ADMIN_UPDATE_USER);
  const form = useAccountForm<EditValues>(adminUserEditSchema, editValues(user));
  const { values } = form;

  const submit = form.onSubmit(async () => {
    const { role, status, ...person } = values;
    const input = { id: user.id, ...userInput(person), status, ...(admin ? { role } : {}) };
    const { data } = await update({ variables: { input } });
    if (!data) return;
    await navigate('/adminUserMaintenanceResult', { state: { name: data.adminUpdateUser.fullName } });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="admin-user-form">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text c="dimmed" size="sm">
            {t('usersAdmin.edit.created', { date: formatDateTime(user.dateCreated) })}
            {user.impersonal ? ` · ${t('usersAdmin.edit.impersonal')}` : ''}
          </Text>
          {admin && (
            <Anchor component={Link} to={`/userOpportunitiesViewAdmin?userId=${encodeURIComponent(user.id)}`} size="sm">
              {t('usersAdmin.edit.ads')}
            </Anchor>
          )}
        </Group>
        {readOnly && (
          <Alert color="gray" icon={<IconAlertCircle size={20} />}>
            {t('usersAdmin.edit.staffReadOnly')}
          </Alert>
        )}
        {form.failure && (
          <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="form-failure" title={translate('errorOccurred', language)}>
            {form.failure.message}
          </Alert>
        )}
        <UserFields
          section="edit"
          values={values}
          onChange={(change) => form.setValues((current) => ({ ...current, ...change }))}
          error={form.error}
          emailDisabled={!admin}
          emailHint={t('usersAdmin.edit.emailAdminOnly')}
          disabled={readOnly}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {admin && (
            <Select
              label={t('usersAdmin.edit.role')}
              data={ROLES.map((role) => ({ value: role, label: localize(ROLE_LABELS[role], language) }))}
              value={values.role}
              allowDeselect={false}
              onChange={(value) => value && form.set('role', value as Role)}
              error={form.error('role')}
            />
          )}
          <Select
            label={t('usersAdmin.edit.status')}
            // An impersonator may only unblock a locked account (docs/decisions/0034): other statuses are offered disabled.
            data={USER_STATUSES.map((status) => ({
              value: status,
              label: localize(USER_STATUS_LABELS[status], language),
              disabled: !admin && !impersonatorMaySetStatus(user.status, status),
            }))}
            value={values.status}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => value && form.set('status', value as UserStatus)}
            error={form.error('status')}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Button component={Link} to="/usersMaintenance" variant="default">
            {t('usersAdmin.edit.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} disabled={readOnly}>
            {t('usersAdmin.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
