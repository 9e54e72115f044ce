import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../router';
import { AccountCard } from '../../account/AccountCard';

/** The i18n section (`publish.results.<kind>`) of each result screen of the wizard (spec 02 §2). */
type Kind = 'registered' | 'updated' | 'waiting';

function PublishResult({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const adId = params.get('opportunityId');
  const waiting = kind === 'waiting';
  return (
    <AccountCard title={t(`publish.results.${kind}.title`)} size="sm">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" color={waiting ? 'orange' : 'green'} variant="light">
          {waiting ? <IconClockHour4 size={36} /> : <IconCircleCheck size={36} />}
        </ThemeIcon>
        <Text data-testid="result-text">{t(`publish.results.${kind}.text`)}</Text>
        <Group justify="center">
          {adId && (
            <Button component={Link} to={`/opportunity/${encodeURIComponent(adId)}`} variant="light">
              {t('publish.results.viewAd')}
            </Button>
          )}
          <Button component={Link} to="/myOpportunities">
            {t('publish.results.continue')}
          </Button>
        </Group>
      </Stack>
    </AccountCard>
  );
}

/** /opportunityRegisterResultView: the ad is registered (paid or covered by a plan: public at once). */
export const OpportunityRegisterResultPage = () => <PublishResult kind="registered" />;
/** /opportunityUpdateResultView. */
export const OpportunityUpdateResultPage = () => <PublishResult kind="updated" />;
/** /noPayedOpportunityResultView: a free ad created, waiting for review. */
export const NoPayedOpportunityResultPage = () => <PublishResult kind="waiting" />;
