/** The domain's HTML escaping, for the adapters that depend on the platform only (mail outbox, payment pages). */
export { escapeHtml } from '@ruedas/domain';
