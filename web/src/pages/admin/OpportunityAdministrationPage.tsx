import { Alert, Anchor, Badge, Container, Group, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { AD_STATUS_LABELS, AD_STATUSES, formatDateTime, LEVEL_LABELS, localize, type AdStatus } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { OPPORTUNITIES_BY_STATUS } from '../../admin/operations';
import { ComplaintFlag, ReviewDecision, type ReviewKind } from '../../admin/ReviewDecision';
import { useReviewFlags } from '../../admin/useReviewFlags';
import { adTitle, isAdStatus } from '../../texts/adText';
import { AdminStatusSelect } from '../../catalogue/AdminStatusSelect';
import { Pagination } from '../../catalogue/Pagination';
import { useLanguage } from '../../i18n';

/** The statuses whose ads an administrator reviews (moderation's queue). */
const REVIEWED: readonly AdStatus[] = ['PENDING_APPROVAL', 'MODIFIED'];

/**
 * /opportunityAdministration (spec 02 §2): the eight-status filter (`?status=`, PENDING_APPROVAL by
 * default), the ads in that status newest first with the status select and Save, and for ads waiting
 * for review Approve / Reject with a reason (confirmed, then a few seconds to undo: the review screen's
 * ReviewDecision) and the complaint flag.
 */
export default function OpportunityAdministrationPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('admin.ads.title')} · ${t('app.name')}`);
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status: AdStatus = isAdStatus(asked) ? asked : 'PENDING_APPROVAL';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const reviewed = REVIEWED.includes(status);
  const { data, loading, error, refetch } = useQuery(OPPORTUNITIES_BY_STATUS, {
    variables: { status, page },
    fetchPolicy: 'cache-and-network',
  });
  const { flags, reload } = useReviewFlags(reviewed);
  // Issue 13: a decided ad leaves the queue once the server accepted the decision (listings applies it a
  // moment later, when the list is read again), and the decision is announced above the table.
  const [decidedAds, setDecidedAds] = useState<ReadonlyMap<string, { title: string; decision: ReviewKind }>>(new Map());
  const listed = data?.opportunitiesByStatus;
  const hidden = reviewed && listed ? listed.items.filter((ad) => decidedAds.has(ad.id)).length : 0;
  const ads = listed && hidden > 0 ? { ...listed, items: listed.items.filter((ad) => !decidedAds.has(ad.id)), totalItems: listed.totalItems - hidden } : listed;
  const lastDecision = [...decidedAds.values()].at(-1);

  const decided = (id: string, title: string) => (decision: ReviewKind) => {
    setDecidedAds((current) => new Map([...current, [id, { title, decision }]]));
    setTimeout(() => {
      void refetch().catch(() => undefined);
      reload();
    }, 1500);
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('admin.ads.title')}</Title>
        <Group align="flex-end" justify="space-between">
          <NativeSelect
            label={t('admin.ads.status')}
            value={status}
            w={280}
            data={AD_STATUSES.map((value) => ({ value, label: localize(AD_STATUS_LABELS[value], language) }))}
            onChange={(event) => setParams({ status: event.currentTarget.value })}
          />
          {ads && <Text c="dimmed">{t('admin.ads.count', { count: ads.totalItems })}</Text>}
        </Group>
        {reviewed && lastDecision && (
          <Alert color={lastDecision.decision === 'approve' ? 'green' : 'orange'} role="status" data-testid="review-decided">
            {t(lastDecision.decision === 'approve' ? 'admin.ads.approvedAd' : 'admin.ads.rejectedAd', { title: lastDecision.title })}
          </Alert>
        )}
        <QueryStatus error={error} loading={loading && !ads} />
        {ads && ads.items.length === 0 && <Alert color="gray">{t('admin.ads.empty')}</Alert>}
        {ads && ads.items.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="sm" data-testid="admin-ads">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.ads.ad')}</Table.Th>
                  <Table.Th>{t('admin.ads.seller')}</Table.Th>
                  <Table.Th>{t('admin.ads.level')}</Table.Th>
                  <Table.Th>{t('admin.reported.date')}</Table.Th>
                  <Table.Th>{t('admin.ads.status')}</Table.Th>
                  {reviewed && <Table.Th>{t('admin.ads.review')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ads.items.map((ad) => {
                  const flag = flags?.get(ad.id);
                  return (
                    <Table.Tr key={ad.id} data-ad={ad.id}>
                      <Table.Td>
                        <Stack gap={4}>
                          <Anchor component={Link} to={`/opportunity/${ad.id}`} fw={600}>
                            {adTitle(ad, language)}
                          </Anchor>
                          <ComplaintFlag flag={flag} />
                        </Stack>
                      </Table.Td>
                      <Table.Td>{ad.user.fullName}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color="gray">
                          {localize(LEVEL_LABELS[ad.level], language)}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{ad.dateCreated ? formatDateTime(ad.dateCreated) : '—'}</Table.Td>
                      <Table.Td miw={220}>
                        <AdminStatusSelect adId={ad.id} status={ad.status} />
                      </Table.Td>
                      {reviewed && (
                        <Table.Td miw={220}>
                          {flags === null ? (
                            <Loader size="xs" aria-label={t('app.loading')} />
                          ) : flag ? (
                            <ReviewDecision
                              adId={ad.id}
                              version={flag.version}
                              title={adTitle(ad, language)}
                              compact
                              onDecided={decided(ad.id, adTitle(ad, language))}
                            />
                          ) : (
                            <Text size="xs" c="dimmed">
                              {ad.paymentPending ? t('admin.ads.waitingPayment') : '—'}
                            </Text>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {ads && <Pagination page={ads.page} totalPages={ads.totalPages} />}
      </Stack>
    </Container>
  );
}
