import { Container, Stack } from '../ui/Group';
import { Text, Title } from '../ui/Text';
import { Card } from '../ui/Card';
import { useTranslation } from '../i18n/react';
import { usePageHead } from '../ssr/env';

const SECTIONS = ['controller', 'data', 'use', 'sharing', 'retention', 'rights', 'security', 'storage', 'minors', 'changes'] as const;

export default function PrivacyPage() {
  const { t } = useTranslation();
  usePageHead({ title: `${t('privacy.title')} · ${t('app.name')}`, description: t('seo.privacy') });
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Card padding="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t('privacy.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('privacy.updated')}
            </Text>
          </Stack>
          <Text>{t('privacy.intro')}</Text>
          {SECTIONS.map((section) => (
            <Stack key={section} gap={6} component="section">
              <Title order={2} size="h4">
                {t(`privacy.sections.${section}.title`)}
              </Title>
              <Text>{t(`privacy.sections.${section}.body`)}</Text>
            </Stack>
          ))}
        </Stack>
      </Card>
    </Container>
  );
}
