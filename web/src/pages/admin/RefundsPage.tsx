import { Alert, Anchor, Badge, Button, Container, Group, Modal, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDateTime, formatMoney, type Currency } from '@ruedas/domain';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n';
import { Link, useSearchParams } from '../../router';
import { apiError } from '../../data/apiError';
import { QueryStatus } from '../../data/QueryStatus';
import { MARK_REFUND_DONE, REFUNDS } from '../../admin/refundOperations';
import { Pagination } from '../../catalogue/Pagination';

type Filter = 'PENDING' | 'DONE' | 'ALL';

/**
 * /refunds (issue 31): the refunds of payments sellers cancelled (billing), pending first by default,
 * each with the seller, invoice, amount and when it was recorded; "Mark as refunded" asks for a
 * confirmation, then records it (and billing's audit entry REFUND_DONE).
 */
export default function RefundsPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('admin.refunds.title')} · ${t('app.name')}`);
  const [params, setParams] = useSearchParams();
  const filter: Filter = params.get('status') === 'DONE' ? 'DONE' : params.get('status') === 'ALL' ? 'ALL' : 'PENDING';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, loading, error, refetch } = useQuery(REFUNDS, {
    variables: { status: filter === 'ALL' ? null : filter, page },
    fetchPolicy: 'cache-and-network',
  });
  const [markDone, marking] = useMutation(MARK_REFUND_DONE);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refunds = data?.refundPage.items;
  const chosen = refunds?.find((refund) => refund.id === confirming);

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('admin.refunds.title')}</Title>
        <Text c="dimmed">{t('admin.refunds.intro')}</Text>
        <SegmentedControl
          aria-label={t('admin.refunds.filter')}
          value={filter}
          data={[
            { value: 'PENDING', label: t('admin.refunds.pending') },
            { value: 'DONE', label: t('admin.refunds.done') },
            { value: 'ALL', label: t('admin.refunds.all') },
          ]}
          onChange={(value) => setParams(value === 'PENDING' ? {} : { status: value })}
        />
        <QueryStatus error={error} loading={loading && !refunds} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {refunds && refunds.length === 0 && <Alert color="gray">{t('admin.refunds.empty')}</Alert>}
        {refunds && refunds.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm" data-testid="refunds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.refunds.seller')}</Table.Th>
                  <Table.Th>{t('admin.refunds.invoice')}</Table.Th>
                  <Table.Th>{t('admin.refunds.amount')}</Table.Th>
                  <Table.Th>{t('admin.refunds.recorded')}</Table.Th>
                  <Table.Th>{t('admin.refunds.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {refunds.map((refund) => (
                  <Table.Tr key={refund.id} data-refund={refund.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/userInvoices/${refund.invoice.user.id}`}>
                        {refund.invoice.user.fullName || refund.invoice.user.email}
                      </Anchor>
                      <Text size="xs">{refund.invoice.user.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{refund.invoice.codigoint}</Text>
                      {refund.invoice.opportunityId && (
                        <Anchor component={Link} to={`/opportunity/${refund.invoice.opportunityId}`} size="xs">
                          {t('admin.refunds.ad')}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(Number(refund.total.amount), refund.total.currency as Currency, language)}
                      {refund.invoice.paymentMethod && <Text size="xs">{t('admin.refunds.paidWith', { method: refund.invoice.paymentMethod })}</Text>}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(refund.recordedAt)}</Table.Td>
                    <Table.Td>
                      {refund.status === 'DONE' ? (
                        <Stack gap={2}>
                          <Badge color="green.8">{t('admin.refunds.statusDone')}</Badge>
                          {refund.carriedOutAt && <Text size="xs">{formatDateTime(refund.carriedOutAt)}</Text>}
                        </Stack>
                      ) : (
                        <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => setConfirming(refund.id)}>
                          {t('admin.refunds.markDone')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && <Pagination page={data.refundPage.page} totalPages={data.refundPage.totalPages} />}
      </Stack>
      <Modal opened={chosen !== undefined} onClose={() => setConfirming(null)} title={t('admin.refunds.confirmTitle')} centered>
        {chosen && (
          <Stack gap="md">
            <Text size="sm">
              {t('admin.refunds.confirmText', {
                amount: formatMoney(Number(chosen.total.amount), chosen.total.currency as Currency, language),
                seller: chosen.invoice.user.fullName || chosen.invoice.user.email,
              })}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('admin.ads.cancel')}
              </Button>
              <Button
                color="green.8"
                loading={marking.loading}
                data-autofocus
                onClick={() => {
                  setFailure(null);
                  void markDone({ variables: { refundId: chosen.id } })
                    .then(() => refetch())
                    .catch((reason: unknown) => setFailure(apiError(reason).message))
                    .finally(() => setConfirming(null));
                }}
              >
                {t('admin.refunds.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Container>
  );
}
