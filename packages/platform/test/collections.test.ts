import { Schema } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { openNamedCollections, type Collection, type Collections, type DocumentStore, type StoredDocument } from '../src';

describe("a service's named collections", () => {
  it('opens each under the prefix and its key in snake case, in the order given, with its schema', async () => {
    const opened: Array<[string, Schema]> = [];
    const store = {
      collection: async (name: string, schema: Schema) => (opened.push([name, schema]), { name }) as unknown as Collection<StoredDocument>,
    } as unknown as DocumentStore;
    const invoices = new Schema({ _id: String });
    const webhookEvents = new Schema({ _id: String });
    const collections = await openNamedCollections<Collections<{ invoices: StoredDocument; webhookEvents: StoredDocument }>>(store, 'billing_', {
      invoices,
      webhookEvents,
    });
    expect(opened).toEqual([
      ['billing_invoices', invoices],
      ['billing_webhook_events', webhookEvents],
    ]);
    expect([collections.invoices.name, collections.webhookEvents.name]).toEqual(['billing_invoices', 'billing_webhook_events']);
  });
});
