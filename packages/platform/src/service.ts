import { randomUUID } from 'node:crypto';
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
  /**
   * This copy of the service among the copies that run (host and start), unique per start: the
   * owner of the leases it takes. Absent: a random one is made (a single copy, tests).
   */
  instance?: string;
  /** Public base URL of the marketplace, for links in mails and share pages. */
  publicUrl: string;
  versions: { backEnd: string };
}

/** The name of this copy of a service (ServiceContext.instance), made once per context when not given. */
const madeInstances = new WeakMap<ServiceContext, string>();
export function instanceOf(context: ServiceContext): string {
  if (context.instance) return context.instance;
  let made = madeInstances.get(context);
  if (!made) {
    made = `copy-${randomUUID()}`;
    madeInstances.set(context, made);
  }
  return made;
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
