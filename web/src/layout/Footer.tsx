import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconFileText, IconLock, IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { siteConfig, supportEmailUrl, supportPhoneUrl, supportWhatsappUrl } from '../config/site';
import classes from './Layout.module.css';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';
import { Versions } from './Versions';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={40}>
          <Stack gap="sm">
            <Link to="/" className={classes.footerBrand} aria-label={t('app.homeLink')}>
              <Logo height={32} />
            </Link>
            <Text size="sm">{t('footer.about')}</Text>
            <SocialLinks variant="subtle" color="gray.3" />
          </Stack>

          <Stack gap="xs">
            <Text className={classes.footerTitle}>{t('footer.contactUs')}</Text>
            <Anchor component={Link} to="/contactUs" className={classes.footerLink}>
              <IconMessageCircle size={16} /> {t('footer.contactUs')}
            </Anchor>
            <Anchor href={supportEmailUrl} className={classes.footerLink} aria-label={`${t('footer.email')}: ${siteConfig.supportEmail}`}>
              <IconMail size={16} /> {siteConfig.supportEmail}
            </Anchor>
            <Group gap="md">
              <Anchor href={supportPhoneUrl} className={classes.footerLink} aria-label={`${t('footer.phone')}: ${siteConfig.supportPhone.display}`}>
                <IconPhone size={16} /> {siteConfig.supportPhone.display}
              </Anchor>
              <Anchor href={supportWhatsappUrl} target="_blank" rel="noopener noreferrer" className={classes.footerLink} aria-label={t('social.whatsapp')}>
                <IconBrandWhatsapp size={16} /> WhatsApp
              </Anchor>
            </Group>
          </Stack>

          <Stack gap="xs">
            <Text className={classes.footerTitle}>{t('footer.legal')}</Text>
            <Anchor href={siteConfig.termsPdf} target="_blank" className={classes.footerLink}>
              <IconFileText size={16} /> {t('footer.terms')}
            </Anchor>
            <Anchor component={Link} to="/privacy" className={classes.footerLink}>
              <IconLock size={16} /> {t('footer.privacy')}
            </Anchor>
          </Stack>
        </SimpleGrid>
      </Container>

      <Box className={classes.footerBottom}>
        <Container size="lg" py="md">
          <Group justify="space-between" gap="xs">
            <Text size="xs">{t('footer.copyright', { year })}</Text>
            <Versions />
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
