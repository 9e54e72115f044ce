import { Anchor, Text, Title } from '../ui/Text';
import { Container, Group, Stack } from '../ui/Group';
import { Card } from '../ui/Card';
import { SimpleGrid } from '../ui/SimpleGrid';
import { ThemeIcon } from '../ui/ThemeIcon';
import { Button } from '../ui/Button';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { siteConfig, supportEmailUrl, supportPhoneUrl, supportWhatsappUrl } from '../config/site';
import { usePageHead } from '../ssr/env';

export default function ContactUsPage() {
  const { t } = useTranslation();
  usePageHead({ title: `${t('contact.title')} · ${t('app.name')}`, description: t('seo.contact') });
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{t('contact.title')}</Title>
          <Text c="dimmed">{t('contact.intro')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ContactCard icon={<IconMail />} label={t('contact.email')}>
            <Anchor href={supportEmailUrl}>{siteConfig.supportEmail}</Anchor>
          </ContactCard>
          <ContactCard icon={<IconPhone />} label={t('contact.phone')}>
            <Anchor href={supportPhoneUrl}>{siteConfig.supportPhone.display}</Anchor>
          </ContactCard>
          <ContactCard icon={<IconBrandWhatsapp />} label={t('contact.whatsapp')}>
            <Button component="a" href={supportWhatsappUrl} target="_blank" rel="noopener noreferrer" color="green" size="xs">
              {t('contact.whatsappAction')}
            </Button>
          </ContactCard>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function ContactCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card>
      <Stack gap="sm">
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg" radius="xl">
            {icon}
          </ThemeIcon>
          <Text fw={700}>{label}</Text>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
