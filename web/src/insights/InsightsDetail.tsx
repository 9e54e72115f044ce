import { Alert, Box, Center, Group, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import classes from './InsightsDetail.module.css';
import { useQuery } from '@apollo/client/react';
import { useNarrowScreen } from '../ssr/useNarrowScreen';
import { useTranslation } from '../i18n/react';
import { FunnelChart } from './FunnelChart';
import { hintText, STEPS } from './funnel';
import { AD_INSIGHTS } from './operations';

const figure = (value: number, locale: string) => value.toLocaleString(locale === 'en' ? 'en-US' : 'es-CR', { maximumFractionDigits: 1 });

/** One ad's 30-day funnel: the chart, each step against the similar ads' median, and the hints. */
export function InsightsDetail({ adId, title, onClose }: { adId: string; title: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useNarrowScreen();
  const { data, error, loading } = useQuery(AD_INSIGHTS, { variables: { id: adId }, fetchPolicy: 'cache-and-network' });
  const insights = data?.opportunityInsights;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('insights.detail.title', { ad: title })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('insights.detail.close') }}
    >
      {error ? (
        <Alert color="red">{t('insights.error')}</Alert>
      ) : !insights || loading ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (
        <Stack gap="md" data-testid="insights-detail">
          <FunnelChart days={insights.days} label={t('insights.detail.chart')} locale={i18n.language} />
          <Group gap="md">
            {/* The series' colours on swatches; the words in the text colour (light blue words failed contrast). */}
            <Text size="sm">
              <Box component="span" className={classes.swatch} bg="blue.3" aria-hidden /> {t('insights.step.impressions')}
            </Text>
            <Text size="sm">
              <Box component="span" className={classes.swatch} bg="blue.7" aria-hidden /> {t('insights.step.views')}
            </Text>
          </Group>
          {insights.hints.length > 0 && (
            <Alert color="yellow" title={t('insights.detail.hints')} classNames={{ title: classes.hintsTitle }}>
              <List size="sm" data-testid="insights-hints">
                {insights.hints.map((hint) => (
                  <List.Item key={hint.code}>{hintText(hint, t)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Table.ScrollContainer minWidth={300}>
            <Table striped data-testid="insights-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('insights.detail.step')}</Table.Th>
                  <Table.Th ta="right">{t('insights.detail.yours')}</Table.Th>
                  <Table.Th ta="right">{t('insights.detail.similar', { count: insights.similar.count })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {STEPS.map((step) => (
                  <Table.Tr key={step} data-step={step}>
                    <Table.Td>{t(`insights.step.${step}`)}</Table.Td>
                    <Table.Td ta="right">{figure(insights.totals[step], i18n.language)}</Table.Td>
                    <Table.Td ta="right">{insights.similar.median ? figure(insights.similar.median[step], i18n.language) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
