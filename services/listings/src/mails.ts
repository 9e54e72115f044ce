import { formatDate, type Locale } from '@ruedas/domain';
import type { MailMessage } from '@ruedas/platform';

/** The mails of the listings service, in the owner's language. */
export interface ExpiryNotice {
  to: string;
  locale: Locale;
  /** Brand label, model and year, as the owner knows the ad. */
  car: string;
  expiresAt: Date;
  /** A paid ad's first period renews by itself; any other ad ends. */
  renews: boolean;
  link: string;
  key: string;
}

const TEXTS: Record<Locale, { subject: string; ends: string; renews: string; outro: string }> = {
  es: {
    subject: 'Su anuncio de Ruedas vence pronto',
    ends: 'Su anuncio «{car}» vence el {date}. Después de esa fecha deja de mostrarse.',
    renews: 'Su anuncio «{car}» cumple su periodo el {date} y se renovará automáticamente por un periodo más.',
    outro: 'Puede verlo y administrarlo aquí:',
  },
  en: {
    subject: 'Your Ruedas ad expires soon',
    ends: 'Your ad "{car}" expires on {date}. After that date it is no longer shown.',
    renews: 'Your ad "{car}" reaches the end of its period on {date} and will renew automatically for one more period.',
    outro: 'You can see and manage it here:',
  },
};

export function expiryNotice(notice: ExpiryNotice): MailMessage {
  const text = TEXTS[notice.locale];
  const body = (notice.renews ? text.renews : text.ends).replace('{car}', notice.car).replace('{date}', formatDate(notice.expiresAt));
  return { to: notice.to, subject: text.subject, text: `${body}\n\n${text.outro}\n${notice.link}\n`, idempotencyKey: notice.key };
}
