import { translate, type Locale } from '@ruedas/domain';
import type { MailMessage } from '@ruedas/platform';

/** The mails of the identity service, in the person's language. Links carry the raw secret. */
type MailKind = 'confirmation' | 'reset' | 'activation';

const TEXTS: Record<MailKind, Record<Locale, { subject: string; intro: string; outro: string }>> = {
  confirmation: {
    es: {
      subject: 'Confirme su cuenta de Ruedas',
      intro: 'Gracias por registrarse en Ruedas. Para activar su cuenta abra este enlace:',
      outro: 'Si usted no creó esta cuenta, ignore este mensaje.',
    },
    en: {
      subject: 'Confirm your Ruedas account',
      intro: 'Thank you for registering with Ruedas. To activate your account, open this link:',
      outro: 'If you did not create this account, ignore this message.',
    },
  },
  reset: {
    es: {
      subject: 'Restablezca su contraseña de Ruedas',
      intro: 'Recibimos una solicitud para restablecer su contraseña. Abra este enlace (válido por 60 minutos, una sola vez):',
      outro: 'Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
    },
    en: {
      subject: 'Reset your Ruedas password',
      intro: 'We received a request to reset your password. Open this link (valid for 60 minutes, once):',
      outro: 'If you did not ask for it, ignore this message: your password stays the same.',
    },
  },
  activation: {
    es: {
      subject: 'Su cuenta de Ruedas está lista',
      intro: 'Registramos una cuenta de Ruedas a su nombre. Para activarla, elija su contraseña en este enlace (válido por 7 días):',
      outro: 'Si usted no esperaba esta cuenta, ignore este mensaje.',
    },
    en: {
      subject: 'Your Ruedas account is ready',
      intro: 'We registered a Ruedas account in your name. To activate it, choose your password at this link (valid for 7 days):',
      outro: 'If you did not expect this account, ignore this message.',
    },
  },
};

const PATHS: Record<MailKind, string> = { confirmation: 'accountConfirmed', reset: 'passwordReset', activation: 'passwordReset' };

export function linkMail(kind: MailKind, options: { to: string; locale: Locale; publicUrl: string; secret: string; key: string }): MailMessage {
  const text = TEXTS[kind][options.locale];
  const link = `${options.publicUrl.replace(/\/$/, '')}/${PATHS[kind]}/${options.secret}`;
  return {
    to: options.to,
    subject: text.subject,
    text: `${text.intro}\n\n${link}\n\n${text.outro}\n`,
    idempotencyKey: options.key,
  };
}

/**
 * To the owner of an e-mail someone tried to register again: no account is made, and the owner
 * learns how to sign in or reset the password (the registration itself answered as for a new e-mail).
 */
export function registrationAttemptMail(options: { to: string; locale: Locale; publicUrl: string; key: string }): MailMessage {
  const link = `${options.publicUrl.replace(/\/$/, '')}/forgotPassword`;
  return {
    to: options.to,
    subject: translate('registrationAttemptSubject', options.locale),
    text: `${translate('registrationAttemptBody', options.locale, { link })}\n`,
    idempotencyKey: options.key,
  };
}
