import { Alert, Anchor, Button, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { COMPLAINT_OUTCOME_LABELS, COMPLAINT_OUTCOMES, formatDateTime, type ComplaintOutcome } from '@ruedas/domain';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { apiError } from '../../data/apiError';
import { QueryStatus } from '../../data/QueryStatus';
import { RESOLVE_COMPLAINT, UNRESOLVED_COMPLAINTS } from '../../admin/operations';
import { adTitle } from '../../texts/adText';
import { Pagination } from '../../catalogue/Pagination';
import { useLanguage } from '../../i18n';
import { ListTable } from '../../admin/ListTable';
import { AdminScreen } from '../../admin/AdminScreen';

/**
 * /reportedOpportunities (spec 02 §2): unresolved complaints, newest first, each with its category
 * and words, and Resolve with what was done about it (issue 31: no action, ad changed, ad removed,
 * seller blocked; recorded in the audit trail).
 */
export default function ReportedOpportunitiesPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('admin.reported.title')} · ${t('app.name')}`);
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, loading, error, refetch } = useQuery(UNRESOLVED_COMPLAINTS, {
    variables: { page, after: params.get('after') },
    fetchPolicy: 'cache-and-network',
  });
  const [resolve, resolving] = useMutation(RESOLVE_COMPLAINT);
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, ComplaintOutcome | ''>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const complaints = data?.complaints;

  const adName = (ad: { brand: string; model: string; year: number } | null | undefined, id: string) =>
    ad ? adTitle(ad, language) : t('admin.reported.unknownAd', { id });

  return (
    <AdminScreen size="lg" title={t('admin.reported.title')} intro={t('admin.reported.intro')}>
      {error && (
        <Alert color="red" role="alert">
          {apiError(error).message}
        </Alert>
      )}
      <QueryStatus error={resolving.error} loading={loading && !complaints} />
      <ListTable
        items={complaints?.items}
        empty={t('admin.reported.empty')}
        minWidth={640}
        testId="complaints"
        columns={[t('admin.reported.ad'), t('admin.reported.details'), t('admin.reported.date'), null]}
        row={(complaint) => (
          <Table.Tr key={complaint.id} data-complaint={complaint.id} data-ad={complaint.opportunityId}>
            <Table.Td>
              <Anchor component={Link} to={`/opportunity/${complaint.opportunityId}`}>
                {adName(complaint.ad, complaint.opportunityId)}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              <Text size="sm" fw={700} data-category={complaint.category}>
                {complaint.categoryLabel}
              </Text>
              {complaint.details && <Text size="sm">{complaint.details}</Text>}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(complaint.dateCreated)}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-end">
                <NativeSelect
                  size="xs"
                  label={t('admin.reported.outcome')}
                  value={outcomes[complaint.id] ?? ''}
                  error={missing === complaint.id ? t('admin.reported.outcomeMissing') : undefined}
                  data={[
                    { value: '', label: t('admin.reported.outcomeChoose') },
                    ...COMPLAINT_OUTCOMES.map((value) => ({ value, label: COMPLAINT_OUTCOME_LABELS[value][language] })),
                  ]}
                  onChange={(event) => {
                    const value = event.currentTarget.value as ComplaintOutcome | '';
                    setOutcomes((current) => ({ ...current, [complaint.id]: value }));
                    if (value) setMissing(null);
                  }}
                />
                <Button
                  size="xs"
                  leftSection={<IconCheck size={14} />}
                  loading={resolvingId === complaint.id}
                  disabled={resolvingId !== null && resolvingId !== complaint.id}
                  onClick={() => {
                    const outcome = outcomes[complaint.id];
                    if (!outcome) {
                      setMissing(complaint.id);
                      return;
                    }
                    setResolvingId(complaint.id);
                    void resolve({ variables: { id: complaint.id, outcome } })
                      .then(() => refetch())
                      .catch(() => undefined)
                      .finally(() => setResolvingId(null));
                  }}
                >
                  {t('admin.reported.resolve')}
                </Button>
                <Anchor component={Link} to={`/opportunity/${complaint.opportunityId}`} size="xs" aria-hidden tabIndex={-1}>
                  <IconExternalLink size={12} /> {t('admin.reported.open')}
                </Anchor>
              </Stack>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {complaints && <Pagination page={complaints.page} totalPages={complaints.totalPages} next={complaints.next} />}
    </AdminScreen>
  );
}
