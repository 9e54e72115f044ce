import { join } from 'node:path';
import {
  AggregateConfigError,
  ConfigError,
  observeMailer,
  type Clock,
  observePaymentProvider,
  observeSearchIndex,
  type Adapters,
  type Logger,
} from '@ruedas/platform';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createKafkaBus } from '@ruedas/bus-kafka';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createMongoStore } from '@ruedas/store-mongo';
import { createFsBlobStore } from '@ruedas/blob-fs';
import { createMinioBlobStore } from '@ruedas/blob-minio';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import { createSmtpMailer } from '@ruedas/mail-smtp';
import { createMeilisearchIndex, refuseKeyManager } from '@ruedas/search-meilisearch';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { noCaptcha, turnstileCaptcha, type Captcha } from '@ruedas/identity';
import { createOnvoProvider } from '@ruedas/payment-onvo';
import { createSandboxProvider } from '@ruedas/payment-sandbox';
import type { PaymentProviderFactory } from '@ruedas/platform';
import { SEARCH_INDEX_SETTINGS, type SearchDocument } from '@ruedas/search';
import { allTopics, topicRetention, type TopicRetention } from '@ruedas/events';
import type { SearchIndex } from '@ruedas/platform';
import { ONVO_PLACEHOLDER_MARK, resolvePaymentSecret, type Settings } from './settings';

/**
 * The one table of ports and adapters. Each port has an embedded default (all-in-one mode, tests,
 * CI) and a production adapter. A port uses its production adapter when its selector says so or,
 * without a selector, when its settings are present; a production adapter with incomplete settings
 * refuses to start, naming the variable. Nothing falls back silently. Services never choose: the
 * launcher gives each its ports (`modules.ts`), tests give them their own.
 */
type Choice<K extends string> = {
  selector: keyof Settings;
  /** The adapter without production settings (its name in the start-up log). */
  embedded: string;
  production: K;
  trigger: (keyof Settings)[];
  /** Every setting the port's adapters read (the selector and triggers included). */
  reads: (keyof Settings)[];
};

/** The ports every service's context has (a process opens those its modules use). */
export type Port = keyof Adapters;
export const ports = ['store', 'bus', 'blobs', 'mailer'] as const satisfies readonly Port[];
/** The ports of one service only, given to it when it is created: search's index, billing's payment provider, identity's captcha. */
export type ServicePort = 'search' | 'payments' | 'captcha';

const table = {
  bus: {
    selector: 'RUEDAS_BUS',
    embedded: 'embedded',
    production: 'kafka',
    trigger: ['KAFKA_BROKERS'],
    reads: ['RUEDAS_BUS', 'KAFKA_BROKERS', 'KAFKA_PARTITIONS', 'RUEDAS_EVENT_RETRY_MINUTES'],
  },
  store: { selector: 'RUEDAS_STORE', embedded: 'embedded', production: 'mongo', trigger: ['MONGO_URL'], reads: ['RUEDAS_STORE', 'MONGO_URL', 'MONGO_DB'] },
  blobs: {
    selector: 'RUEDAS_BLOBS',
    embedded: 'fs',
    production: 'minio',
    trigger: ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'],
    reads: ['RUEDAS_BLOBS', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION'],
  },
  mailer: { selector: 'RUEDAS_MAILER', embedded: 'outbox', production: 'smtp', trigger: ['SMTP_URL'], reads: ['RUEDAS_MAILER', 'SMTP_URL', 'MAIL_FROM'] },
  search: {
    selector: 'RUEDAS_SEARCH_INDEX',
    embedded: 'embedded',
    production: 'meilisearch',
    trigger: ['MEILI_URL', 'MEILI_API_KEY'],
    reads: ['RUEDAS_SEARCH_INDEX', 'MEILI_URL', 'MEILI_API_KEY', 'MEILI_INDEX'],
  },
  payments: {
    selector: 'RUEDAS_PAYMENT_PROVIDER',
    embedded: 'sandbox',
    production: 'onvo',
    trigger: ['ONVO_SECRET_KEY'],
    reads: [
      'RUEDAS_PAYMENT_PROVIDER',
      'RUEDAS_PAYMENT_SECRET',
      'ONVO_SECRET_KEY',
      'ONVO_WEBHOOK_SECRET',
      'ONVO_ALLOW_TEST_MODE',
      'ONVO_API_URL',
      'ONVO_TIMEOUT_MS',
      'ONVO_RETRIES',
    ],
  },
  captcha: {
    selector: 'CAPTCHA_PROVIDER',
    embedded: 'none',
    production: 'turnstile',
    trigger: [],
    reads: ['CAPTCHA_PROVIDER', 'CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET', 'CAPTCHA_SITEVERIFY_URL'],
  },
} satisfies Record<Port | ServicePort, Choice<string>>;

/** The settings a port's adapters read: a process that does not open the port needs none of them. */
export const portSettings = (port: Port | ServicePort): readonly (keyof Settings)[] => table[port].reads;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A topic's retention (decision 0043) as Kafka topic settings. */
export function kafkaTopicConfig(retention: TopicRetention): Record<string, string> {
  if (retention.policy === 'compact') return { 'cleanup.policy': 'compact', 'retention.ms': '-1', 'retention.bytes': '-1' };
  if (retention.policy === 'forever') return { 'cleanup.policy': 'delete', 'retention.ms': '-1', 'retention.bytes': '-1' };
  return { 'cleanup.policy': 'delete', 'retention.ms': String(retention.days * DAY_MS), 'retention.bytes': '-1' };
}

/** The Kafka settings of every topic of the marketplace. */
export const kafkaTopicConfigs = (): Record<string, Record<string, string>> =>
  Object.fromEntries(allTopics.map((topic) => [topic, kafkaTopicConfig(topicRetention[topic])]));

/** Whether the port uses its production adapter. */
export function wantsProduction(port: Port | ServicePort, settings: Settings): boolean {
  const choice = table[port];
  const selected = settings[choice.selector];
  if (selected !== undefined) return selected === choice.production;
  return choice.trigger.some((variable) => settings[variable] !== undefined);
}

/**
 * The search index (a port of the search service only): Meilisearch when RUEDAS_SEARCH_INDEX says
 * so or, without it, when MEILI_URL or MEILI_API_KEY is set; then both are required. Embedded
 * (undefined here: the service makes its own in memory) otherwise.
 */
export function wantsMeilisearch(settings: Settings): boolean {
  return wantsProduction('search', settings);
}

/** The adapter a port uses, by the name the start-up log and `--check` print. */
const adapterName = (port: Port | ServicePort, settings: Settings): string => (wantsProduction(port, settings) ? table[port].production : table[port].embedded);

/** The Meilisearch settings, checked without connecting; undefined for the embedded index. */
export function searchIndexOptions(settings: Settings): { url: string; apiKey: string; index: string } | undefined {
  if (!wantsMeilisearch(settings)) return undefined;
  return {
    url: required(settings, 'MEILI_URL', 'for the Meilisearch search index'),
    apiKey: required(settings, 'MEILI_API_KEY', 'for the Meilisearch search index (the search key npm run meili-key makes, never the master key)'),
    index: settings.MEILI_INDEX,
  };
}

/**
 * The payment provider (a port of billing only): ONVO Pay when RUEDAS_PAYMENT_PROVIDER says so or,
 * without it, when ONVO_SECRET_KEY is set; then ONVO_SECRET_KEY and ONVO_WEBHOOK_SECRET are required.
 * The sandbox otherwise, which production refuses: it takes test cards and charges nothing.
 */
export function paymentProviderKind(settings: Settings): 'onvo' | 'sandbox' {
  return wantsProduction('payments', settings) ? 'onvo' : 'sandbox';
}

export const SANDBOX_IN_PRODUCTION =
  'is required in production: the sandbox payment provider takes test cards and charges nothing. Set ONVO_SECRET_KEY and ONVO_WEBHOOK_SECRET (ONVO ' +
  'Pay; ONVO_API_URL optional); RUEDAS_PAYMENT_PROVIDER=sandbox is for development and demos only';

/**
 * ONVO's keys as production takes them (issue 32 item 2): never the placeholders `npm run secrets`
 * writes (ONVO refuses them: every payment would fail), and a test-mode key (`onvo_test_…`, payments
 * simulated, no money collected) only with ONVO_ALLOW_TEST_MODE=1. A placeholder is refused in
 * development too: it can only fail.
 */
function checkOnvoKeys(settings: Settings, secretKey: string, webhookSecret: string): void {
  const placeholders = (
    [
      ['ONVO_SECRET_KEY', secretKey],
      ['ONVO_WEBHOOK_SECRET', webhookSecret],
    ] as const
  )
    .filter(([, value]) => value.includes(ONVO_PLACEHOLDER_MARK))
    .map(([variable]) => new ConfigError(variable, "is the placeholder `npm run secrets` writes: set the one of ONVO's dashboard before taking payments"));
  if (placeholders.length === 1) throw placeholders[0]!;
  if (placeholders.length > 1) throw new AggregateConfigError(placeholders);
  if (settings.NODE_ENV === 'production' && secretKey.startsWith('onvo_test_') && settings.ONVO_ALLOW_TEST_MODE !== '1') {
    throw new ConfigError(
      'ONVO_SECRET_KEY',
      'is a test-mode key (onvo_test_…): ONVO simulates the payments and collects no money. Set the live key (onvo_live_secret_key_…), or ' +
        'ONVO_ALLOW_TEST_MODE=1 for a staging deployment',
    );
  }
}

/** Billing's payment provider, built once billing's context is known; checks its settings now (start-up stops naming the variable). */
export function paymentProviderFactory(settings: Settings): PaymentProviderFactory {
  const kind = paymentProviderKind(settings);
  if (kind === 'sandbox') {
    if (settings.NODE_ENV === 'production')
      throw new ConfigError(settings.ONVO_SECRET_KEY ? 'RUEDAS_PAYMENT_PROVIDER' : 'ONVO_SECRET_KEY', SANDBOX_IN_PRODUCTION);
    const secret = resolvePaymentSecret(settings);
    // The sandbox sends its webhook to billing in this process (issue 28): a card-paid invoice is paid
    // whether or not the browser comes back.
    return async (context) =>
      observePaymentProvider(
        await createSandboxProvider({
          store: context.store,
          clock: context.clock,
          secret,
          publicUrl: context.publicUrl,
          logger: context.logger,
          deliverWebhook: context.deliverWebhook,
        }),
        'sandbox',
      );
  }
  const options = {
    secretKey: required(settings, 'ONVO_SECRET_KEY', 'for the ONVO Pay payment provider'),
    webhookSecret: required(settings, 'ONVO_WEBHOOK_SECRET', 'for the ONVO Pay payment provider (the webhook secret of its dashboard)'),
    apiUrl: settings.ONVO_API_URL,
    timeoutMs: settings.ONVO_TIMEOUT_MS,
    retries: settings.ONVO_RETRIES,
  };
  checkOnvoKeys(settings, options.secretKey, options.webhookSecret);
  // Checked now, with a placeholder address: the real one is the process's public URL.
  createOnvoProvider({ ...options, publicUrl: 'https://check.invalid' });
  if (settings.NODE_ENV === 'production' && options.apiUrl?.startsWith('http:'))
    throw new ConfigError('ONVO_API_URL', 'must be https in production (the secret key travels with every call)');
  return async (context) => {
    if (settings.NODE_ENV === 'production' && options.secretKey.startsWith('onvo_test_')) {
      context.logger.warn('ONVO_SECRET_KEY is a test-mode key: payments are simulated by ONVO and no money is collected');
    }
    return observePaymentProvider(await createOnvoProvider({ ...options, publicUrl: context.publicUrl, logger: context.logger }), 'onvo');
  };
}

/** The search service's index: Meilisearch (its settings checked first) or a new embedded index in this process's memory. The caller closes it. */
export async function openSearchIndex(settings: Settings): Promise<SearchIndex<SearchDocument>> {
  const options = searchIndexOptions(settings);
  if (!options) return observeSearchIndex(createEmbeddedSearchIndex<SearchDocument>());
  // The service never runs with a key that can manage keys (decision 0203).
  await refuseKeyManager(options);
  return observeSearchIndex(await createMeilisearchIndex<SearchDocument>(options));
}

/** A new embedded search index of ad documents, configured (benches). */
export async function embeddedSearchIndex(): Promise<SearchIndex<SearchDocument>> {
  const index = createEmbeddedSearchIndex<SearchDocument>();
  await index.configure(SEARCH_INDEX_SETTINGS);
  return index;
}

/**
 * Identity's registration captcha: Cloudflare Turnstile when CAPTCHA_PROVIDER is `turnstile` (its
 * site key and secret are then required when the settings are read), none otherwise.
 */
export function captchaFor(settings: Settings): Captcha {
  if (!wantsProduction('captcha', settings)) return noCaptcha;
  return turnstileCaptcha({
    siteKey: settings.CAPTCHA_SITE_KEY ?? '',
    secret: settings.CAPTCHA_SECRET ?? '',
    ...(settings.CAPTCHA_SITEVERIFY_URL ? { siteverifyUrl: settings.CAPTCHA_SITEVERIFY_URL } : {}),
  });
}

export function describeAdapters(settings: Settings, open: readonly Port[] = ports): Partial<Record<Port | 'search' | 'payments', string>> {
  return {
    search: adapterName('search', settings),
    payments: paymentProviderKind(settings),
    ...Object.fromEntries(open.map((port) => [port, adapterName(port, settings)])),
  };
}

const required = (settings: Settings, variable: keyof Settings, why: string): string => {
  const value = settings[variable];
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigError(variable, `is required ${why}`);
  return value;
};

/**
 * What each wanted port will open, its settings checked without connecting anything: a production
 * adapter with an incomplete setting throws a ConfigError naming the variable. The launcher's start
 * and its configuration check (`--check`) both go through here.
 */
export interface AdapterPlan {
  store: { mongo: { url: string; dbName: string } } | 'embedded' | null;
  bus: { kafka: { brokers: string[]; partitions: number } } | 'embedded' | null;
  blobs: { minio: { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string } } | 'embedded' | null;
  mailer: { smtp: { url: string; from: string } } | 'embedded' | null;
}

export function planAdapters(settings: Settings, wanted: readonly Port[] = ports): AdapterPlan {
  const choose = <T>(port: Port, production: () => T): T | 'embedded' | null =>
    !wanted.includes(port) ? null : wantsProduction(port, settings) ? production() : 'embedded';
  return {
    store: choose('store', () => ({ mongo: { url: required(settings, 'MONGO_URL', 'for the MongoDB store'), dbName: settings.MONGO_DB } })),
    bus: choose('bus', () => ({
      kafka: {
        brokers: required(settings, 'KAFKA_BROKERS', 'for the Kafka bus')
          .split(',')
          .map((b) => b.trim())
          .filter(Boolean),
        partitions: settings.KAFKA_PARTITIONS,
      },
    })),
    blobs: choose('blobs', () => ({
      minio: {
        endpoint: required(settings, 'S3_ENDPOINT', 'for the MinIO photo store'),
        accessKey: required(settings, 'S3_ACCESS_KEY', 'for the MinIO photo store'),
        secretKey: required(settings, 'S3_SECRET_KEY', 'for the MinIO photo store'),
        bucket: settings.S3_BUCKET,
        region: settings.S3_REGION,
      },
    })),
    mailer: choose('mailer', () => ({ smtp: { url: required(settings, 'SMTP_URL', 'for the SMTP mailer'), from: settings.MAIL_FROM } })),
  };
}

/**
 * A port no module of this process uses: it is not opened, and any use of it is a programming
 * error said plainly (never a silent fallback to an embedded adapter).
 */
function notOpened<T>(port: Port): T {
  return new Proxy({} as object, {
    get(_target, property) {
      if (property === 'close') return async () => undefined;
      if (property === 'kind') return 'not-opened';
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return () => {
        throw new Error(`the ${port} port is not open in this process: none of its modules uses it`);
      };
    },
  }) as T;
}

/** Opens the adapters of the wanted ports (every port by default); on failure, closes the ones already open. */
export async function openAdapters(
  settings: Settings,
  logger: Logger,
  clientId: string,
  wanted: readonly Port[] = ports,
  /** A simulation's TTL sweep (the one-year bench): how often, and against which clock. */
  ttl?: { ttlSweepMs: number; ttlClock: Clock },
): Promise<Adapters> {
  const dir = (name: string) => join(settings.RUEDAS_DATA_DIR, name);
  const plan = planAdapters(settings, wanted);
  const opened: Partial<Adapters> = {};
  try {
    const { store, bus, blobs, mailer } = plan;
    opened.store = !store
      ? notOpened('store')
      : store !== 'embedded'
        ? await createMongoStore({ ...store.mongo, logger })
        : await createEmbeddedStore({ dir: dir('store'), logger, ...ttl });
    opened.bus = !bus
      ? notOpened('bus')
      : bus !== 'embedded'
        ? await createKafkaBus({ ...bus.kafka, clientId, logger, topicConfigs: kafkaTopicConfigs(), retryForMs: settings.RUEDAS_EVENT_RETRY_MINUTES * 60_000 })
        : await createEmbeddedBus({ dir: dir('bus'), logger, retryForMs: settings.RUEDAS_EVENT_RETRY_MINUTES * 60_000 });
    opened.blobs = !blobs
      ? notOpened('blobs')
      : blobs !== 'embedded'
        ? await createMinioBlobStore(blobs.minio)
        : await createFsBlobStore({ dir: dir('blobs') });
    opened.mailer = !mailer
      ? notOpened('mailer')
      : mailer !== 'embedded'
        ? observeMailer(await createSmtpMailer({ ...mailer.smtp, logger }))
        : observeMailer(await createOutboxMailer({ dir: dir('mail'), from: settings.MAIL_FROM, logger }));
    return opened as Adapters;
  } catch (error) {
    await closeAdapters(opened, logger);
    throw error;
  }
}

export async function closeAdapters(adapters: Partial<Adapters>, logger?: Logger): Promise<void> {
  // The bus first (consumers finish), the store last (they may still write). One that fails to
  // close does not keep the others open; the failure is logged.
  for (const port of ['bus', 'mailer', 'blobs', 'store'] as const) {
    await adapters[port]?.close().catch((error: unknown) => logger?.warn({ err: error, port }, 'an adapter did not close cleanly'));
  }
}
