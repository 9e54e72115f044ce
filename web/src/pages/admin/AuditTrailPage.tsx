import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDateTime, localize, ROLE_LABELS, STAFF_ACTION_LABELS, STAFF_ACTIONS, type Role, type StaffAction } from '@ruedas/domain';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { STAFF_ACTIONS_TRAIL } from '../../admin/operations';
import { Pagination } from '../../catalogue/Pagination';
import { useLanguage } from '../../i18n';
import { AdminScreen } from '../../admin/AdminScreen';

const FILTERS = ['action', 'actor', 'targetId', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** A recorded before/after (JSON object text) as `field: value` lines; a dash when there is none. */
function Values({ json }: { json: string | null | undefined }) {
  if (!json) return <Text c="dimmed">—</Text>;
  let values: Record<string, unknown>;
  try {
    values = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return <Text size="sm">{json}</Text>;
  }
  const entries = Object.entries(values);
  if (entries.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      {entries.map(([field, value]) => (
        <Text key={field} size="sm" style={{ wordBreak: 'break-word' }} data-field={field}>
          <Text span fw={600} size="sm">
            {field}
          </Text>
          : {value === null ? '—' : String(value)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * /auditTrail (issue 14, docs/decisions/0034): the append-only trail of staff actions of every
 * service (user edits, impersonal registrations, parameters, ad statuses, complaints, payments and
 * refunds): who, when, what, on what, before and after; filtered by action, person, target and days.
 * The filters live in the address, so a filtered view can be shared and the pages keep it.
 */
export default function AuditTrailPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('admin.audit.title')} · ${t('app.name')}`);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applied = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const filter = Object.fromEntries(Object.entries(applied).filter(([, value]) => value !== '')) as Partial<Filters>;
  const { data, loading, error } = useQuery(STAFF_ACTIONS_TRAIL, {
    // The address keeps ?from=&to=; the API takes them as the Date fields firstDay and lastDay (decision 0095).
    variables: {
      filter: {
        actor: filter.actor,
        targetId: filter.targetId,
        firstDay: filter.from,
        lastDay: filter.to,
        action: (filter.action as StaffAction | undefined) ?? null,
      },
      page,
      after: params.get('after'),
    },
    fetchPolicy: 'cache-and-network',
  });
  const trail = data?.staffActions;

  const apply = (next: Filters) => {
    const search = new URLSearchParams();
    for (const name of FILTERS) if (next[name].trim() !== '') search.set(name, next[name].trim());
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    const empty = Object.fromEntries(FILTERS.map((name) => [name, ''])) as Filters;
    setDraft(empty);
    apply(empty);
  };

  return (
    <AdminScreen title={t('admin.audit.title')} intro={t('admin.audit.intro')}>
      <form onSubmit={submit} aria-label={t('admin.audit.filters')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('admin.audit.action')}
            placeholder={t('admin.audit.anyAction')}
            clearable
            data={STAFF_ACTIONS.map((action) => ({ value: action, label: localize(STAFF_ACTION_LABELS[action], language) }))}
            value={draft.action || null}
            onChange={(value) => setDraft({ ...draft, action: value ?? '' })}
            w={240}
          />
          <TextInput
            label={t('admin.audit.actor')}
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.currentTarget.value })}
            w={220}
          />
          <TextInput
            label={t('admin.audit.target')}
            value={draft.targetId}
            onChange={(event) => setDraft({ ...draft, targetId: event.currentTarget.value })}
            w={220}
          />
          <TextInput
            type="date"
            label={t('admin.audit.from')}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="date"
            label={t('admin.audit.to')}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            w={170}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {t('admin.audit.apply')}
          </Button>
          <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clear}>
            {t('admin.audit.clear')}
          </Button>
        </Group>
      </form>
      <QueryStatus error={error} loading={loading && !trail} />
      {trail && (
        <Text size="sm" data-testid="audit-summary">
          {t('admin.audit.summary', { count: trail.totalItems, page: trail.page, pages: Math.max(1, trail.totalPages) })}
        </Text>
      )}
      {trail && trail.items.length === 0 && <Alert color="gray">{t('admin.audit.empty')}</Alert>}
      {trail && trail.items.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm" data-testid="audit-trail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.audit.when')}</Table.Th>
                <Table.Th>{t('admin.audit.who')}</Table.Th>
                <Table.Th>{t('admin.audit.what')}</Table.Th>
                <Table.Th>{t('admin.audit.on')}</Table.Th>
                <Table.Th>{t('admin.audit.before')}</Table.Th>
                <Table.Th>{t('admin.audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trail.items.map((entry) => (
                <Table.Tr key={entry.id} data-entry={entry.id} data-action={entry.action} data-target={entry.targetId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{entry.actor.fullName || entry.actor.id}</Text>
                      {entry.actor.email && (
                        <Text size="xs" c="dimmed">
                          {entry.actor.email}
                        </Text>
                      )}
                      <Badge size="xs" variant="light" w="fit-content">
                        {localize(ROLE_LABELS[entry.actor.role as Role], language)}
                      </Badge>
                    </Stack>
                  </Table.Td>
                  <Table.Td data-column="action">{localize(STAFF_ACTION_LABELS[entry.action as StaffAction], language)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{entry.targetLabel || entry.targetId}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`admin.audit.targets.${entry.targetType}`)} · {entry.targetId}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td data-column="before">
                    <Values json={entry.before} />
                  </Table.Td>
                  <Table.Td data-column="after">
                    <Values json={entry.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {trail && <Pagination page={trail.page} totalPages={trail.totalPages} next={trail.next} />}
    </AdminScreen>
  );
}
