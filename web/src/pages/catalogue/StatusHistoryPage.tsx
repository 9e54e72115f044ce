import { Alert, Anchor, Center, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { AD_STATUS_LABELS, formatDateTime, localize } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { apiError } from '../../data/apiError';
import { adTitle } from '../../texts/adText';
import { OPPORTUNITY, STATUS_HISTORY } from '../../catalogue/operations';
import { useLanguage } from '../../i18n';

/** Every status change of an ad, oldest first (`?opportunityId=`): for its owner and administrators. */
export default function StatusHistoryPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [search] = useSearchParams();
  const opportunityId = search.get('opportunityId') ?? '';
  const history = useQuery(STATUS_HISTORY, { variables: { opportunityId }, skip: !opportunityId, fetchPolicy: 'network-only' });
  const ad = useQuery(OPPORTUNITY, { variables: { id: opportunityId }, skip: !opportunityId }).data?.opportunity;
  useDocumentTitle(`${t('catalogue.history.title')} · ${t('app.name')}`);

  const entries = history.data?.statusHistory;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('catalogue.history.title')}</Title>
          {ad && (
            <Anchor component={Link} to={`/opportunity/${ad.id}`} fw={600}>
              {adTitle(ad, language)}
            </Anchor>
          )}
        </Stack>
        {!opportunityId ? (
          <Alert color="gray">{t('catalogue.history.noAd')}</Alert>
        ) : history.error ? (
          <Alert color="red" title={t('catalogue.list.failed')}>
            {apiError(history.error).message}
          </Alert>
        ) : !entries ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : entries.length === 0 ? (
          <Text c="dimmed">{t('catalogue.history.empty')}</Text>
        ) : (
          // Focusable, so a keyboard can scroll the table sideways on a phone.
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table striped highlightOnHover data-testid="status-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('catalogue.history.email')}</Table.Th>
                  <Table.Th>{t('catalogue.history.fullName')}</Table.Th>
                  <Table.Th>{t('catalogue.history.status')}</Table.Th>
                  <Table.Th>{t('catalogue.history.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry, index) => (
                  <Table.Tr key={index}>
                    {/* Issue 13: an administrator's change reads as the staff's, Ruedas' own as the system's, in the page's language. */}
                    <Table.Td>{entry.email === 'system' || (entry.authorKind === 'STAFF' && !entry.email) ? '—' : entry.email}</Table.Td>
                    <Table.Td data-author-kind={entry.authorKind}>
                      {entry.authorKind === 'SYSTEM'
                        ? t('catalogue.history.bySystem')
                        : entry.authorKind === 'STAFF' && !entry.fullName
                          ? t('catalogue.history.byStaff')
                          : entry.fullName}
                    </Table.Td>
                    <Table.Td>{localize(AD_STATUS_LABELS[entry.status], language)}</Table.Td>
                    <Table.Td>{formatDateTime(entry.statusDate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
