import { contactClicked, envelopeSchema, readEvent, searchPerformed, topics, type Envelope } from '@ruedas/events';
import type { EventBus, Logger, Subscription } from '@ruedas/platform';
import type { Funnel } from './funnel';

/**
 * The funnel's counts from other services' events: WhatsApp contact clicks (moderation) and the
 * ads shown on each search results page (search's `SearchPerformed.shownIds`). Each event is one
 * write on its day's funnel document and nothing else: no consumer mark (decision 0079), so an
 * event delivered twice after a crash counts twice, which analytics accepts. TESTUSER activity
 * is left out, as in the dashboard.
 */
export function followFunnel(deps: { bus: EventBus; logger: Logger; funnel: Funnel }): Promise<Subscription> {
  return deps.bus.subscribe({
    group: 'listings-funnel',
    topics: [topics.moderationContact, topics.searchQuery],
    handler: async (message) => {
      const parsed = envelopeSchema.safeParse(message.value);
      if (!parsed.success) return deps.logger.warn({ topic: message.topic }, 'funnel: not an event; skipped');
      const envelope = parsed.data as Envelope;
      const contact = readEvent(contactClicked, envelope);
      if (contact) {
        if (contact.payload.byTestUser) return;
        return deps.funnel.record('whatsappContacts', [contact.payload.opportunityId], new Date(envelope.occurredAt));
      }
      const search = readEvent(searchPerformed, envelope);
      if (search?.payload.shownIds?.length && search.payload.viewer?.role !== 'TESTUSER') {
        // Each visitor once per ad and day (issue 28); a redelivered event counts nothing again.
        await deps.funnel.recordOnce('impressions', search.payload.shownIds, search.payload.visitor ?? null, new Date(envelope.occurredAt));
      }
    },
  });
}
