import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { adTitle } from '../texts/adText';
import { useLanguage } from '../i18n';
import { InsightsDetail } from './InsightsDetail';
import { insightsCsv, STEPS, type Counts } from './funnel';
import { MY_ACCOUNT_TYPE, MY_AD_INSIGHTS } from './operations';
import { Sparkline } from './Sparkline';

/** Offers text as a file to download (the dealer's CSV), without a server round trip. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * My ads' figures (issue 20), loaded apart from the page (React.lazy): a sparkline of the last 30
 * days' views for each ad, with a button to the detailed funnel. A dealer (merchant account) also
 * sees the totals across all their ads and exports them to CSV.
 */
export default function MyInsightsPanel() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { data, error, loading } = useQuery(MY_AD_INSIGHTS, { fetchPolicy: 'cache-and-network' });
  const account = useQuery(MY_ACCOUNT_TYPE);
  const [open, setOpen] = useState<{ id: string; title: string } | null>(null);
  if (error) return <Alert color="red">{t('insights.error')}</Alert>;
  if (!data) return loading ? <Loader size="sm" aria-label={t('app.loading')} /> : null;
  const ads = data.myAdInsights.map((one) => ({ ...one, title: adTitle(one.opportunity, language) }));
  if (ads.length === 0) return null;
  const dealer = account.data?.me?.userType === 'CARS_SELLER_MERCHANT';
  const sum = Object.fromEntries(STEPS.map((step) => [step, ads.reduce((total, ad) => total + ad.totals[step], 0)])) as Counts;

  return (
    <Stack gap="sm" data-testid="my-insights">
      <Title order={2} size="h3">
        {t('insights.title')}
      </Title>
      {dealer && (
        <Card withBorder padding="sm" data-testid="dealer-totals">
          <Group justify="space-between" align="center">
            <Text fw={600}>{t('insights.dealer.totals', { count: ads.length })}</Text>
            <Button
              variant="light"
              onClick={() =>
                download(
                  `ruedas-${new Date().toISOString().slice(0, 10)}.csv`,
                  insightsCsv(
                    ads.map((ad) => ({ id: ad.opportunity.id, title: ad.title, days: ad.days })),
                    t,
                  ),
                )
              }
            >
              {t('insights.dealer.export')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} mt="xs">
            {STEPS.map((step) => (
              <Stack key={step} gap={0} data-step={step}>
                <Text size="xs" c="dimmed">
                  {t(`insights.step.${step}`)}
                </Text>
                <Text fw={700}>{sum[step]}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {ads.map((ad) => (
          <Card key={ad.opportunity.id} withBorder padding="sm" data-insights-ad={ad.opportunity.id}>
            <Text fw={600} size="sm" lineClamp={1}>
              {ad.title}
            </Text>
            <Group justify="space-between" align="flex-end" wrap="nowrap">
              <Stack gap={0}>
                <Sparkline values={ad.days.map((day) => day.views)} label={t('insights.sparkline', { ad: ad.title })} />
                <Text size="xs" c="dimmed">
                  {t('insights.summary', { views: ad.totals.views, impressions: ad.totals.impressions })}
                </Text>
              </Stack>
              <Button size="xs" variant="subtle" onClick={() => setOpen({ id: ad.opportunity.id, title: ad.title })}>
                {t('insights.details')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {open && <InsightsDetail adId={open.id} title={open.title} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
