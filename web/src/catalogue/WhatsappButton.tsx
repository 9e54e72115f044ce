import { Button, type ButtonProps } from '../ui/Button';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useContactClick } from './useContactClick';

/**
 * The green WhatsApp button of an ad (card, contact box, phone contact bar): opens the ad's wa.me
 * link in a new tab and counts the contact.
 */
export function WhatsappButton({
  adId,
  href,
  size,
  iconSize,
  children,
}: {
  adId: string;
  href: string;
  size?: ButtonProps['size'];
  iconSize: number;
  children: ReactNode;
}) {
  const contactClick = useContactClick();
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="green"
      size={size}
      leftSection={<IconBrandWhatsapp size={iconSize} />}
      onClick={() => contactClick(adId)}
    >
      {children}
    </Button>
  );
}
