import { Alert, Anchor, Badge, Button, Group, SegmentedControl, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { AD_STATUS_LABELS, formatDateTime, LEVEL_LABELS, localize } from '@ruedas/domain';
import { IconArrowLeft, IconHistory, IconLayoutGrid, IconPencil, IconTable } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { QueryStatus } from '../../data/QueryStatus';
import { ADMIN_USER, USER_OPPORTUNITIES_ADMIN } from '../../admin/users/operations';
import { AdCard } from '../../catalogue/AdCard';
import { adTitle, priceText } from '../../texts/adText';
import { pageFromSearch } from '../../catalogue/layout';
import { Pagination } from '../../catalogue/Pagination';
import { useLanguage } from '../../i18n';
import { AdminScreen } from '../../admin/AdminScreen';

type View = 'table' | 'cards';

/**
 * /userOpportunitiesViewAdmin?userId= (spec 02 §2): every ad of a user in any status, newest first,
 * for administrators, as a table (title, level, status, price, date, edit and history) or as the
 * catalogue's ad cards (`?view=cards`); the choice and the page are in the address.
 */
export default function UserOpportunitiesAdminPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(`${t('usersAdmin.ads.title')} · ${t('app.name')}`);
  const [search, setSearch] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const page = pageFromSearch(search);
  const view: View = search.get('view') === 'cards' ? 'cards' : 'table';
  const ads = useQuery(USER_OPPORTUNITIES_ADMIN, { variables: { userId, page }, skip: !userId, fetchPolicy: 'cache-and-network' });
  const owner = useQuery(ADMIN_USER, { variables: { id: userId }, skip: !userId });
  const result = ads.data?.userOpportunities;

  const setView = (next: View) => {
    const params = new URLSearchParams(search);
    if (next === 'table') params.delete('view');
    else params.set('view', next);
    setSearch(params, { replace: true });
  };

  return (
    <AdminScreen
      title={t('usersAdmin.ads.title')}
      intro={
        owner.data && (
          <Text c="dimmed" data-testid="ads-owner">
            {owner.data.user.fullName} · {owner.data.user.email}
          </Text>
        )
      }
      actions={
        <Group gap="xs">
          <Button component={Link} to="/usersMaintenance" variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('usersAdmin.ads.back')}
          </Button>
          {userId && (
            <Button component={Link} to={`/adminUserMaintenance?userId=${encodeURIComponent(userId)}`} variant="light" leftSection={<IconPencil size={16} />}>
              {t('usersAdmin.ads.editUser')}
            </Button>
          )}
        </Group>
      }
    >
      {!userId && <Alert color="red">{t('usersAdmin.ads.missing')}</Alert>}
      <Group justify="space-between" align="center">
        <SegmentedControl
          aria-label={t('usersAdmin.ads.view')}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            {
              value: 'table',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconTable size={16} />
                  {t('usersAdmin.ads.table')}
                </Group>
              ),
            },
            {
              value: 'cards',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconLayoutGrid size={16} />
                  {t('usersAdmin.ads.cards')}
                </Group>
              ),
            },
          ]}
        />
        {result && (
          <Text c="dimmed" data-testid="ads-count">
            {t('usersAdmin.ads.count', { count: result.totalItems })}
          </Text>
        )}
      </Group>
      <QueryStatus error={ads.error} loading={Boolean(userId) && !result && !ads.error} />
      {result && result.items.length === 0 && <Alert color="gray">{t('usersAdmin.ads.empty')}</Alert>}
      {result && result.items.length > 0 && view === 'table' && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" data-testid="user-ads-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('usersAdmin.ads.ad')}</Table.Th>
                <Table.Th>{t('usersAdmin.ads.level')}</Table.Th>
                <Table.Th>{t('usersAdmin.ads.status')}</Table.Th>
                <Table.Th>{t('usersAdmin.ads.price')}</Table.Th>
                <Table.Th>{t('usersAdmin.ads.created')}</Table.Th>
                <Table.Th>{t('usersAdmin.ads.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.items.map((ad) => (
                <Table.Tr key={ad.id} data-ad={ad.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/opportunity/${ad.id}`}>
                      {adTitle(ad, language)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{localize(LEVEL_LABELS[ad.level], language)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" tt="none">
                      {localize(AD_STATUS_LABELS[ad.status], language)}
                    </Badge>
                    {ad.paymentPending && (
                      <Text size="xs" c="dimmed">
                        {t('usersAdmin.ads.waitingPayment')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{priceText(ad, language)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{ad.dateCreated ? formatDateTime(ad.dateCreated) : ''}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={`/opportunityUpdateView?opportunityId=${encodeURIComponent(ad.id)}`} size="sm">
                        <IconPencil size={14} /> {t('usersAdmin.ads.edit')}
                      </Anchor>
                      <Anchor component={Link} to={`/opportunityStatusHistory?opportunityId=${encodeURIComponent(ad.id)}`} size="sm">
                        <IconHistory size={14} /> {t('usersAdmin.ads.history')}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {result && result.items.length > 0 && view === 'cards' && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="user-ads-cards">
          {result.items.map((ad) => (
            <AdCard key={ad.id} ad={ad} />
          ))}
        </SimpleGrid>
      )}
      {result && <Pagination page={result.page} totalPages={result.totalPages} />}
    </AdminScreen>
  );
}
