import { Anchor, Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDateTime, formatMoney } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { ComplaintFlag, ReviewDecision } from '../../admin/ReviewDecision';
import { RISK_REVIEW_QUEUE } from '../../admin/riskOperations';
import { adTitle } from '../../texts/adText';
import { Pagination } from '../../catalogue/Pagination';
import { useLanguage } from '../../i18n';
import { Photo } from '../../photos/Photo';
import { ListTable } from '../../admin/ListTable';
import { AdminScreen } from '../../admin/AdminScreen';

/** The colour of a score: red from the default hold threshold (50), orange from 25, grey below. */
const scoreColour = (score: number) => (score >= 50 ? 'red' : score >= 25 ? 'orange' : 'gray');

/**
 * /reviewQueue (issue 20): the ads waiting for an administrator with their risk score and its
 * reasons, riskiest first (or oldest first), why moderation held an ad, its open reports, and
 * Approve / Reject (confirmed, with an Undo); each row shows the cover photo, the price against the
 * market, the seller, and opens the ad's review screen (issue 31).
 */
export default function ReviewQueuePage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('riskQueue.title')} · ${t('app.name')}`);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orderBy = params.get('order') === 'OLDEST' ? 'OLDEST' : 'RISK';
  const { data, loading, error, refetch } = useQuery(RISK_REVIEW_QUEUE, {
    variables: { page, orderBy, after: params.get('after') },
    fetchPolicy: 'cache-and-network',
  });
  const queue = data?.reviewQueue;

  return (
    <AdminScreen title={t('riskQueue.title')} intro={t('riskQueue.intro')}>
      <Group>
        <Text size="sm">{t('riskQueue.order')}</Text>
        <SegmentedControl
          aria-label={t('riskQueue.order')}
          value={orderBy}
          data={[
            { value: 'RISK', label: t('riskQueue.byRisk') },
            { value: 'OLDEST', label: t('riskQueue.byAge') },
          ]}
          onChange={(value) => setParams(value === 'OLDEST' ? { order: 'OLDEST' } : {})}
        />
      </Group>
      <QueryStatus error={error} loading={loading && !queue} />
      <ListTable
        items={queue?.items}
        empty={t('riskQueue.empty')}
        minWidth={900}
        testId="review-queue"
        columns={[t('riskQueue.score'), t('riskQueue.ad'), t('riskQueue.reasons'), t('riskQueue.waitingSince'), null]}
        row={(item) => (
          <Table.Tr key={item.id} data-ad={item.id} data-score={item.riskScore}>
            <Table.Td>
              <Badge
                size="lg"
                color={scoreColour(item.riskScore)}
                variant={item.riskScore >= 50 ? 'filled' : 'light'}
                aria-label={t('riskQueue.scoreOf', { score: item.riskScore })}
              >
                {item.riskScore}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ width: 96, flex: 'none' }}>
                  <Photo id={item.opportunity.attachmentIds[0]} alt={adTitle(item, language)} thumb />
                </div>
                <Stack gap={4}>
                  <Anchor component={Link} to={`/reviewQueue/${item.id}`} data-review-link>
                    {adTitle(item, language)}
                  </Anchor>
                  <Text size="sm">
                    {item.price ? formatMoney(Number(item.price.amount), 'CRC', language) : '—'}
                    {item.marketEstimate && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {t('riskQueue.market', { estimate: formatMoney(Number(item.marketEstimate.amount), 'CRC', language) })}
                      </Text>
                    )}
                  </Text>
                  <Text size="sm">{t('riskQueue.sellerName', { name: item.seller.fullName || '—' })}</Text>
                  <Group gap={4}>
                    {item.heldFor && (
                      <Badge color="red" variant="outline" data-held={item.heldFor}>
                        {t(`riskQueue.held.${item.heldFor}`)}
                      </Badge>
                    )}
                    <ComplaintFlag flag={{ openComplaints: item.openComplaints, flagged: item.flagged }} />
                  </Group>
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td>
              {item.riskReasons.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('riskQueue.noSignal')}
                </Text>
              ) : (
                <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {item.riskReasons.map((signal) => (
                    <Text key={signal.reason} size="sm" component="li" data-reason={signal.reason}>
                      {signal.label}{' '}
                      <Text span c="dimmed" size="xs">
                        (+{signal.weight})
                      </Text>
                    </Text>
                  ))}
                </Stack>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.queuedAt)}</Table.Td>
            <Table.Td>
              <Stack gap={6}>
                <Anchor component={Link} to={`/reviewQueue/${item.id}`} size="sm" fw={700}>
                  {t('riskQueue.open')}
                </Anchor>
                <ReviewDecision adId={item.id} version={item.version} title={adTitle(item, language)} compact onDecided={() => void refetch()} />
              </Stack>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {queue && <Pagination page={queue.page} totalPages={queue.totalPages} next={queue.next} />}
    </AdminScreen>
  );
}
