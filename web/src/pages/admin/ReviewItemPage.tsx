import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Card, Container, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, formatMoney, type Currency } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n';
import { Link, useParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { ReviewDecision } from '../../admin/ReviewDecision';
import { REVIEW_ITEM } from '../../admin/reviewOperations';
import { adTitle } from '../../texts/adText';
import { Photo } from '../../photos/Photo';

const amountOf = (money: { amount: string } | null | undefined) => (money ? Number(money.amount) : null);

/**
 * /reviewQueue/:id (issue 31): one ad waiting for review with what an administrator weighs before
 * deciding: its photos, text and price against the market estimate, the seller's history, each
 * risk signal with its evidence (the other ad with the same photos, the words matched, the accounts
 * on one phone), and Approve / Reject with a confirmation and an Undo (decision 0173).
 */
export default function ReviewItemPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(REVIEW_ITEM, { variables: { id }, fetchPolicy: 'network-only' });
  const item = data?.reviewQueueItem;
  const title = item ? adTitle(item, language) : '';
  useDocumentTitle(`${title ? `${title} · ` : ''}${t('review.title')} · ${t('app.name')}`);
  const money = (amount: number | null, currency: string = 'CRC') => (amount === null ? '—' : formatMoney(amount, currency as Currency, language));
  const price = amountOf(item?.price);
  const estimate = amountOf(item?.marketEstimate);
  const percent = price !== null && estimate ? Math.round((price / estimate - 1) * 100) : null;
  const ad = item?.opportunity;

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to="/reviewQueue" size="sm">
          ← {t('review.back')}
        </Anchor>
        <Title order={1}>{item ? title : t('review.title')}</Title>
        <QueryStatus error={error} loading={loading && !data} />
        {data && !item && <Alert color="gray">{t('review.notWaiting')}</Alert>}
        {item && (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <Group gap="xs">
                  <Badge
                    size="lg"
                    color={item.riskScore >= 50 ? 'red.9' : item.riskScore >= 25 ? 'orange.4' : 'gray.7'}
                    autoContrast
                    data-testid="review-score"
                  >
                    {t('riskQueue.scoreOf', { score: item.riskScore })}
                  </Badge>
                  {item.heldFor && (
                    <Badge color="red.9" variant="outline">
                      {t(`riskQueue.held.${item.heldFor}`)}
                    </Badge>
                  )}
                  {item.openComplaints > 0 && (
                    <Badge color={item.flagged ? 'red.9' : 'gray.7'}>
                      {t('admin.ads.complaints')}: {item.openComplaints}
                    </Badge>
                  )}
                </Group>
                <section aria-labelledby="review-photos">
                  <Title order={2} size="h4" id="review-photos" mb="xs">
                    {t('review.photos', { count: ad?.attachmentIds.length ?? 0 })}
                  </Title>
                  {ad && ad.attachmentIds.length > 0 ? (
                    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }} data-testid="review-photos">
                      {ad.attachmentIds.map((photo, index) => (
                        <a key={photo} href={`/api/v1/attachment/${photo}`} target="_blank" rel="noreferrer" aria-label={t('review.photoN', { n: index + 1 })}>
                          <Photo id={photo} alt={`${title} ${index + 1}`} thumb />
                        </a>
                      ))}
                    </div>
                  ) : (
                    <Text c="dimmed">{t('review.noPhotos')}</Text>
                  )}
                </section>
                <section aria-labelledby="review-text">
                  <Title order={2} size="h4" id="review-text" mb="xs">
                    {t('review.text')}
                  </Title>
                  {[ad?.description, ad?.message, ad?.knownDamage].filter(Boolean).map((text) => (
                    <Text key={text} size="sm" style={{ whiteSpace: 'pre-wrap' }} mb="xs">
                      {text}
                    </Text>
                  ))}
                  <Anchor component={Link} to={`/opportunity/${item.id}`} size="sm">
                    {t('review.buyerView')}
                  </Anchor>
                </section>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <ReviewCard testId="review-price" title={t('review.price')}>
                  <Text fw={700} size="lg">
                    {ad ? money(amountOf(ad.askingPrice), ad.askingPrice.currency) : money(price)}
                  </Text>
                  {ad && ad.askingPrice.currency !== 'CRC' && <Text size="sm">{money(price)}</Text>}
                  <Text size="sm">{estimate === null ? t('review.noEstimate') : t('review.estimate', { estimate: money(estimate) })}</Text>
                  {percent !== null && (
                    <Text size="sm" fw={700} c={percent <= -40 ? 'red.8' : undefined} data-testid="review-percent">
                      {t(percent < 0 ? 'review.below' : 'review.above', { percent: Math.abs(percent) })}
                    </Text>
                  )}
                </ReviewCard>
                <ReviewCard testId="review-seller" title={t('review.seller')}>
                  <Anchor component={Link} to={`/userOpportunitiesViewAdmin?userId=${encodeURIComponent(item.seller.id)}`}>
                    {item.seller.fullName || item.seller.email || item.seller.id}
                  </Anchor>
                  {item.seller.email && <Text size="sm">{item.seller.email}</Text>}
                  <Text size="sm">
                    {item.seller.memberSince ? t('review.memberSince', { date: formatDate(item.seller.memberSince) }) : t('review.memberUnknown')}
                  </Text>
                  <Text size="sm">
                    {t('review.history', {
                      ads: item.seller.adCount,
                      published: item.seller.publicAdCount,
                      rejected: item.seller.rejectedAdCount,
                      reports: item.seller.openComplaints,
                    })}
                  </Text>
                </ReviewCard>
                <ReviewCard testId="review-signals" title={t('review.signals')}>
                  {item.evidence.length === 0 && <Text c="dimmed">{t('riskQueue.noSignal')}</Text>}
                  <Stack gap="sm">
                    {item.evidence.map((signal) => (
                      <div key={signal.reason} data-reason={signal.reason}>
                        <Text fw={700} size="sm">
                          {signal.label} (+{signal.weight})
                        </Text>
                        {signal.otherAds.length > 0 && (
                          <List size="sm">
                            {signal.otherAds.map((other) => (
                              <List.Item key={other.id}>
                                <Anchor component={Link} to={`/opportunity/${other.id}`} data-other-ad={other.id}>
                                  {adTitle(other, language)}
                                </Anchor>{' '}
                                {t('review.otherAdOf', { seller: other.sellerName || '—' })}
                              </List.Item>
                            ))}
                          </List>
                        )}
                        {signal.matchedWords.length > 0 && (
                          <Text size="sm">
                            {t('review.wordsMatched')}{' '}
                            {signal.matchedWords.map((words) => (
                              <mark key={words} style={{ marginRight: 4 }}>
                                {words}
                              </mark>
                            ))}
                          </Text>
                        )}
                        {signal.sharedPhoneAccounts !== null && signal.sharedPhoneAccounts !== undefined && (
                          <Text size="sm">{t('review.sharedPhone', { count: signal.sharedPhoneAccounts })}</Text>
                        )}
                        {signal.adsOfNewAccount !== null && signal.adsOfNewAccount !== undefined && (
                          <Text size="sm">{t('review.newAccountAds', { count: signal.adsOfNewAccount })}</Text>
                        )}
                        {signal.percentBelowEstimate !== null && signal.percentBelowEstimate !== undefined && (
                          <Text size="sm">{t('review.below', { percent: signal.percentBelowEstimate })}</Text>
                        )}
                      </div>
                    ))}
                  </Stack>
                </ReviewCard>
                <Card withBorder>
                  <ReviewDecision adId={item.id} version={item.version} title={title} onDecided={() => undefined} />
                </Card>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

/** A card of the review's side column: titled, named for tests. */
function ReviewCard({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}
