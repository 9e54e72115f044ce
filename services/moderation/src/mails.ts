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

/**
 * The mail telling an owner that their ad was taken off the public lists to wait for an
 * administrator (issue 28: several people reported it, or its risk signals), and how to have it
 * reviewed: nothing to do but wait for the decision's mail, or edit it to correct it.
 */
export function heldMail(mail: Omit<ReviewMail, 'decision' | 'reason'>): MailMessage {
  const car = `${findBrand(mail.ad.brand)?.label[mail.locale] ?? mail.ad.brand} ${mail.ad.model} ${mail.ad.year}`;
  const link = `${mail.publicUrl.replace(/\/$/, '')}/myOpportunities`;
  return {
    to: mail.to,
    subject: translate('adHeldSubject', mail.locale),
    text: `${translate('adHeldBody', mail.locale, { car, link })}\n`,
    idempotencyKey: mail.key,
  };
}
