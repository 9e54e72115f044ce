import { findBrand, translate, type Locale } from '@ruedas/domain';
import type { MailMessage } from '@ruedas/platform';

/** The mail telling an owner the outcome of the review of their ad, in the owner's language. */
export interface ReviewMail {
  to: string;
  locale: Locale;
  decision: 'APPROVED' | 'REJECTED';
  ad: { id: string; brand: string; model: string; year: number };
  reason: string | null;
  publicUrl: string;
  /** One mail per decision: a redelivered event sends nothing twice. */
  key: string;
}

export function reviewMail(mail: ReviewMail): MailMessage {
  const car = `${findBrand(mail.ad.brand)?.label[mail.locale] ?? mail.ad.brand} ${mail.ad.model} ${mail.ad.year}`;
  const approved = mail.decision === 'APPROVED';
  const body = approved
    ? translate('reviewApprovedBody', mail.locale, { car })
    : translate('reviewRejectedBody', mail.locale, { car, reason: mail.reason ?? '' });
  const link = `${mail.publicUrl.replace(/\/$/, '')}/opportunity/${mail.ad.id}`;
  return {
    to: mail.to,
    subject: translate(approved ? 'reviewApprovedSubject' : 'reviewRejectedSubject', mail.locale),
    text: `${body}\n\n${translate('reviewMailLink', mail.locale, { link })}\n`,
    idempotencyKey: mail.key,
  };
}
