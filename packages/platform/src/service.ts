import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Logger } from './logger';
import type { OutboxRelay } from './outbox';
import type { BlobStore, DocumentStore, EventBus, Mailer } from './ports';
import type { Resolvers, SubgraphDefinition, Translator } from './subgraph';

/** The adapters a process was given, one per port. */
export interface Adapters {
  bus: EventBus;
  store: DocumentStore;
  blobs: BlobStore;
  mailer: Mailer;
}

/** Everything a service's `init` receives. Services never read the environment themselves. */
export interface ServiceContext extends Adapters {
  logger: Logger;
  clock: Clock;
  translate: Translator;
  /** Publishes what the service writes into its documents' outboxes. */
  outbox: OutboxRelay;
  /** Public base URL of the marketplace, for links in mails and share pages. */
  publicUrl: string;
  versions: { backEnd: string };
}

/** A running service. */
export interface ServiceInstance {
  resolvers: Resolvers;
  /** REST routes only where a path cannot be GraphQL (multipart upload, image bytes, payment callback). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /** Stops consumers and schedulers, letting in-flight work finish. */
  stop(): Promise<void>;
}

/**
 * One service, as the launcher sees it: its subgraph (name and SDL, known without starting it, so
 * the gateway can compose the supergraph at build time) and its init function.
 */
export interface ServiceModule {
  subgraph: SubgraphDefinition;
  init(context: ServiceContext): Promise<ServiceInstance>;
}
