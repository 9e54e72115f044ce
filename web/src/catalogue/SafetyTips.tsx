import { Anchor, Card, List, Stack, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { TIP_ROUTES } from './Tips';

/** How many safety tips `safety.tips` holds (issue 20). */
export const SAFETY_TIP_COUNT = 5;

/**
 * The ad page's safety tips for buyers (issue 20): never pay before seeing the car, check its papers,
 * distrust prices far too low, meet in public, pay at the notary. Plain server-rendered text in the
 * visitor's language, with a link to the full buying tips.
 */
export function SafetyTips() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="safety-tips" data-testid="safety-tips" bg="yellow.0">
      <Stack gap="xs">
        <Title order={2} size="h4" id="safety-tips">
          {t('safety.title')}
        </Title>
        <List size="sm" spacing={4}>
          {Array.from({ length: SAFETY_TIP_COUNT }, (_, index) => (
            <List.Item key={index}>{t(`safety.tips.${index}`)}</List.Item>
          ))}
        </List>
        <Anchor component={Link} to={TIP_ROUTES.buying} size="sm">
          {t('safety.more')}
        </Anchor>
      </Stack>
    </Card>
  );
}
