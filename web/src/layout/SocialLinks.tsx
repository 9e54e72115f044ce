import { Group } from '../ui/Group';
import { ActionIcon, type ActionIconProps } from '../ui/ActionIcon';
import { IconBrandFacebook, IconBrandInstagram, IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { siteConfig, supportWhatsappUrl } from '../config/site';

const LINKS = [
  { key: 'facebook', href: siteConfig.social.facebook, Icon: IconBrandFacebook },
  { key: 'instagram', href: siteConfig.social.instagram, Icon: IconBrandInstagram },
  { key: 'whatsapp', href: supportWhatsappUrl, Icon: IconBrandWhatsapp },
] as const;

export function SocialLinks({ variant = 'subtle', color = 'gray' }: Pick<ActionIconProps, 'variant' | 'color'>) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {LINKS.map(({ key, href, Icon }) => (
        <ActionIcon
          key={key}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t(`social.${key}`)}
          title={t(`social.${key}`)}
          variant={variant}
          color={color}
          size="lg"
          radius="xl"
        >
          <Icon size={20} stroke={1.6} />
        </ActionIcon>
      ))}
    </Group>
  );
}
