export { createOutboxMailer, type OutboxMail, type OutboxMailer, type OutboxMailerOptions } from './outbox-mailer';
