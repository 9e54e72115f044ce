import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import { findBrand, findProvince, formatMoney, formatNumber, FUEL_TYPE_LABELS, localize, STYLE_LABELS, TRANSMISSION_TYPE_LABELS } from '@ruedas/domain';
import { Link } from '../../router';
import { apiError } from '../../data/apiError';
import {
  DELETE_SAVED_SEARCH,
  MY_FAVOURITE_ALERTS,
  MY_SAVED_SEARCHES,
  SET_FAVOURITE_ALERT,
  SET_FAVOURITE_ALERTS,
  UPDATE_SAVED_SEARCH,
} from '../../alerts/operations';
import { MY_WISH_LIST } from '../../catalogue/operations';
import { brandText } from '../../texts/adText';
import { colourText } from '../../texts/placeAndColourText';
import { useLanguage, type Language } from '../../i18n';
import { searchHref } from '../../search/address';
import { readFilter } from '../../search/readFilter';
import type { MySavedSearchesQuery } from '../../../generated/alerts-gql/graphql';
import { useAlertMessages } from '../../alerts/messages';

type Saved = MySavedSearchesQuery['mySavedSearches'][number];

/** What a saved search asks, in a line of the reader's language: "toyta corola" · Toyota · ≤ ₡9.000.000 · 2012–. */
function summary(saved: Saved, language: Language): string {
  const { filter: f } = readFilter(saved.filter);
  const money = (amount: number) => formatMoney(amount, f.currency ?? 'CRC', language);
  const range = (from: string | undefined, to: string | undefined) => (from && to ? `${from}–${to}` : from ? `≥ ${from}` : to ? `≤ ${to}` : undefined);
  return [
    f.text && `“${f.text}”`,
    f.brand && brandText(f.brand, language),
    f.model,
    f.style && localize(STYLE_LABELS[f.style], language),
    f.fuelType && localize(FUEL_TYPE_LABELS[f.fuelType], language),
    f.transmissionType && localize(TRANSMISSION_TYPE_LABELS[f.transmissionType], language),
    f.year !== undefined ? String(f.year) : range(f.yearFrom?.toString(), f.yearTo?.toString()),
    range(f.priceFrom !== undefined ? money(f.priceFrom) : undefined, f.priceTo !== undefined ? money(f.priceTo) : undefined),
    f.mileageMax !== undefined && `≤ ${formatNumber(f.mileageMax, language)} km`,
    f.exteriorColor && colourText(f.exteriorColor, language),
    f.province && findProvince(f.province)?.name,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

function SavedSearchCard({ saved }: { saved: Saved }) {
  const { t } = useAlertMessages();
  const [language] = useLanguage();
  const [update, updating] = useMutation(UPDATE_SAVED_SEARCH);
  const [remove, removing] = useMutation(DELETE_SAVED_SEARCH, { update: (cache) => void cache.evict({ fieldName: 'mySavedSearches' }) });
  const error = updating.error ?? removing.error;
  const change = (next: { frequency?: 'INSTANT' | 'DAILY'; paused?: boolean }) =>
    void update({ variables: { id: saved.id, change: next } }).catch(() => undefined);
  return (
    <Card withBorder radius="md" padding="md" data-testid="saved-search" aria-label={saved.name} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={700}>{saved.name}</Text>
            <Text size="sm" c="dimmed">
              {summary(saved, language) || t('alerts.searches.everything')}
            </Text>
          </Stack>
          {saved.paused && <Badge color="gray">{t('alerts.paused')}</Badge>}
        </Group>
        <Text size="sm">{t('alerts.searches.sent', { count: saved.alertsSent })}</Text>
        <Group gap="md" align="flex-end">
          <NativeSelect
            label={t('alerts.frequency.label')}
            value={saved.frequency}
            onChange={(event) => change({ frequency: event.currentTarget.value as 'INSTANT' | 'DAILY' })}
            data={[
              { value: 'INSTANT', label: t('alerts.frequency.INSTANT') },
              { value: 'DAILY', label: t('alerts.frequency.DAILY') },
            ]}
            w={200}
          />
          <Switch label={t('alerts.searches.active')} checked={!saved.paused} onChange={(event) => change({ paused: !event.currentTarget.checked })} />
        </Group>
        <Group justify="space-between">
          <Anchor component={Link} to={searchHref({ filter: readFilter(saved.filter).filter })}>
            {t('alerts.searches.results')}
          </Anchor>
          <Button
            variant="subtle"
            color="red"
            loading={removing.loading}
            onClick={() => void remove({ variables: { id: saved.id } }).catch(() => undefined)}
            aria-label={t('alerts.searches.deleteNamed', { name: saved.name })}
          >
            {t('alerts.searches.delete')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {apiError(error).message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function FavouriteAlerts() {
  const { t } = useAlertMessages();
  const [language] = useLanguage();
  const settings = useQuery(MY_FAVOURITE_ALERTS, { fetchPolicy: 'cache-and-network' });
  const favourites = useQuery(MY_WISH_LIST, { variables: { page: 1 }, fetchPolicy: 'cache-and-network' });
  const [setAll] = useMutation(SET_FAVOURITE_ALERTS);
  const [choose] = useMutation(SET_FAVOURITE_ALERT);
  const current = settings.data?.myFavouriteAlerts;
  if (!current) return settings.error ? <Alert color="red">{apiError(settings.error).message}</Alert> : <Loader aria-label={t('app.loading')} />;
  const ads = favourites.data?.myWishList.items ?? [];
  return (
    <Stack gap="sm" data-testid="favourite-alerts">
      <Text c="dimmed">{t('alerts.favourites.intro')}</Text>
      <Switch
        label={t('alerts.favourites.all')}
        checked={current.allFavourites}
        onChange={(event) => void setAll({ variables: { allFavourites: event.currentTarget.checked } })}
      />
      <Switch
        label={t('alerts.favourites.pause')}
        checked={current.paused}
        onChange={(event) => void setAll({ variables: { paused: event.currentTarget.checked } })}
      />
      {!current.allFavourites &&
        ads.map((ad) => (
          <Switch
            key={ad.id}
            label={t('alerts.favourites.one', { title: `${findBrand(ad.brand)?.label[language] ?? ad.brand} ${ad.model} ${ad.year}` })}
            checked={current.chosen.includes(ad.id)}
            onChange={(event) => void choose({ variables: { opportunityId: ad.id, enabled: event.currentTarget.checked } })}
          />
        ))}
      {ads.length === 0 && <Text size="sm">{t('alerts.favourites.none')}</Text>}
    </Stack>
  );
}

/** /alerts: the signed-in buyer's saved searches (frequency, pause, delete) and the alerts on favourites. */
export default function AlertsPage() {
  const { t } = useAlertMessages();
  useDocumentTitle(`${t('alerts.title')} · ${t('app.name')}`);
  const { data, error } = useQuery(MY_SAVED_SEARCHES, { fetchPolicy: 'cache-and-network' });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('alerts.title')}</Title>
        <Stack gap="sm" component="section" aria-labelledby="saved-searches">
          <Title order={2} size="h3" id="saved-searches">
            {t('alerts.searches.title')}
          </Title>
          {error && <Alert color="red">{apiError(error).message}</Alert>}
          {!data && !error && <Loader aria-label={t('app.loading')} />}
          {data?.mySavedSearches.length === 0 && (
            <Text>
              {t('alerts.searches.empty')}{' '}
              <Anchor component={Link} to="/searchingOpportunities">
                {t('alerts.searches.search')}
              </Anchor>
            </Text>
          )}
          {data?.mySavedSearches.map((saved) => (
            <SavedSearchCard key={saved.id} saved={saved} />
          ))}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="favourite-alerts">
          <Title order={2} size="h3" id="favourite-alerts">
            {t('alerts.favourites.title')}
          </Title>
          <FavouriteAlerts />
        </Stack>
      </Stack>
    </Container>
  );
}
