export { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer';
