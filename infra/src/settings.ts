import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isEmail, isValidPassword, passwordStrength } from '@ruedas/domain';
import { ConfigError, loadSettings, PRIVATE_FILE_MODE, privateDirSync } from '@ruedas/platform';
import { parseCorsOrigins } from '@ruedas/gateway';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const optionalUrl = z.url().optional();
/** A PEM, also given on one line with `\n` for its line breaks (a `.env` file, docker-compose.yml). */
const pem = z.string().transform((text) => text.replaceAll('\\n', '\n'));

/**
 * Every setting of a Ruedas process, read once from the environment. Defaults give the all-in-one
 * mode with embedded adapters; the variables of a production adapter switch its port to it.
 */
export const settingsSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    /** Comma-separated targets: `all` (default), a service name, `gateway`. */
    RUEDAS_TARGET: z.string().default('all'),
    /** Reverse proxies of ours in front of the gateway, whose x-forwarded-for hop is trusted. */
    RUEDAS_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
    RUEDAS_DATA_DIR: z.string().default(`${repoRoot}.data`),
    RUEDAS_WEB_DIST: z.string().default(`${repoRoot}web/dist`),
    RUEDAS_PUBLIC_URL: optionalUrl,
    /** Comma-separated origins whose browsers may call /graphql and /api/v1 with credentials (no `*`). */
    RUEDAS_CORS_ORIGINS: z
      .string()
      .optional()
      .superRefine((value, context) => {
        try {
          parseCorsOrigins(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
    /** The web app's server entry (public pages rendered on the server); default dist-ssr beside RUEDAS_WEB_DIST. */
    RUEDAS_WEB_SSR: z.string().optional(),
    /** `1`: a TLS terminator is in front, so HTML answers carry Strict-Transport-Security. */
    RUEDAS_TLS: z.enum(['0', '1']).default('0'),
    MAIL_FROM: z.string().default('no-reply@ruedas.cr'),
    /** Force a port's adapter; by default the presence of its production settings chooses. */
    RUEDAS_BUS: z.enum(['embedded', 'kafka']).optional(),
    RUEDAS_STORE: z.enum(['embedded', 'mongo']).optional(),
    RUEDAS_BLOBS: z.enum(['fs', 'minio']).optional(),
    RUEDAS_MAILER: z.enum(['outbox', 'smtp']).optional(),
    KAFKA_BROKERS: z.string().optional(),
    /**
     * Partitions of each Kafka topic (default 12): the most copies of one consumer that share its
     * work; more cost the brokers open files and leader elections. Existing topics are grown to it.
     */
    KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(12),
    /**
     * How long a consumer retries a failing event (pauses growing to 30 s) before it puts it in its
     * group's dead-letter topic (default 10): long enough for a database election or a service's
     * short outage to cost nothing. Replay with `npm run dead-letters -w @ruedas/infra`.
     */
    RUEDAS_EVENT_RETRY_MINUTES: z.coerce.number().min(0).max(1440).default(10),
    MONGO_URL: z.string().optional(),
    MONGO_DB: z.string().default('ruedas'),
    S3_ENDPOINT: z.string().optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_BUCKET: z.string().default('ruedas-photos'),
    S3_REGION: z.string().default('us-east-1'),
    SMTP_URL: z.string().optional(),
    /** URL of a subgraph served by another process (distributed mode), e.g. RUEDAS_MODERATION_URL. */
    RUEDAS_MODERATION_URL: optionalUrl,
    RUEDAS_IDENTITY_URL: optionalUrl,
    RUEDAS_LISTINGS_URL: optionalUrl,
    /** The media subgraph; the gateway also passes photo and share-page paths through to its origin. */
    RUEDAS_MEDIA_URL: optionalUrl,
    /** The billing subgraph; the gateway also passes the sandbox checkout pages (/sandbox-pay) through to its origin. */
    RUEDAS_BILLING_URL: optionalUrl,
    /** The search subgraph (distributed mode). */
    RUEDAS_SEARCH_URL: optionalUrl,
    /** The search index: embedded (in the search service's memory) or Meilisearch; MEILI_URL chooses by default. */
    RUEDAS_SEARCH_INDEX: z.enum(['embedded', 'meilisearch']).optional(),
    MEILI_URL: z.string().optional(),
    /** The search service's own key, scoped to its index (`npm run meili-key`; decision 0203): never the master key. */
    MEILI_API_KEY: z.string().optional(),
    /** Meilisearch's master key: for the key bootstrap only (`npm run meili-key`), refused by every Ruedas process. */
    MEILI_MASTER_KEY: z.string().optional(),
    MEILI_INDEX: z.string().default('ads'),
    /** `1`: the search service replays listings.opportunity from the start at start (fresh consumer group). */
    RUEDAS_SEARCH_REBUILD: z.enum(['0', '1']).default('0'),
    /**
     * HMAC secret of the sandbox payment provider's signed responses (at least 32 characters);
     * required in production, generated into the data folder otherwise.
     */
    RUEDAS_PAYMENT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    /**
     * The payment provider (billing): `onvo` (ONVO Pay) or `sandbox` (test cards, no money: development
     * and demos only, refused in production). By default ONVO when ONVO_SECRET_KEY is set, else the sandbox.
     */
    RUEDAS_PAYMENT_PROVIDER: z.enum(['sandbox', 'onvo']).optional(),
    /** ONVO Pay: the secret API key (`onvo_live_secret_key_…`; `onvo_test_…` for ONVO's test mode). */
    ONVO_SECRET_KEY: z.string().optional(),
    /** ONVO Pay: the webhook's secret from ONVO's dashboard (`webhook_secret_…`), checked on every webhook. */
    ONVO_WEBHOOK_SECRET: z.string().optional(),
    /**
     * `1` lets production run on an ONVO test-mode key (`onvo_test_…`: ONVO simulates the payments and
     * collects nothing), for a staging deployment; production refuses such a key otherwise.
     */
    ONVO_ALLOW_TEST_MODE: z.enum(['0', '1']).default('0'),
    /** ONVO Pay's API (its public API by default; the in-process fake in tests). */
    ONVO_API_URL: optionalUrl,
    /** Timeout of one call to ONVO, and further attempts after a network failure, a timeout, a 429 or a 5xx. */
    ONVO_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    ONVO_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    /** PEM of the Ed25519 session-token keys; required in production (private: identity only). */
    RUEDAS_TOKEN_PRIVATE_KEY: pem.optional(),
    RUEDAS_TOKEN_PUBLIC_KEY: pem.optional(),
    /** Registration captcha: none (default, local use) or Cloudflare Turnstile with its keys. */
    CAPTCHA_PROVIDER: z.enum(['none', 'turnstile']).default('none'),
    /** Public: the browser renders the widget with it. */
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET: z.string().optional(),
    CAPTCHA_SITEVERIFY_URL: optionalUrl,
    /**
     * The demo catalogue (all-in-one mode): `auto` seeds a new data folder unless NODE_ENV is
     * production, `on` seeds once whatever the folder, `off` never.
     */
    RUEDAS_DEMO_DATA: z.enum(['auto', 'on', 'off']).default('auto'),
    /** Ads in the demo catalogue (each with 1 to 4 drawn photos: about 50 ms of CPU per photo). */
    RUEDAS_DEMO_ADS: z.coerce.number().int().min(1).max(5000).default(200),
    /**
     * A folder where the demo's drawn photos are kept, rendered once for every data folder seeded
     * with them (the browser tests' run). Unset: drawn at every seeding. It holds at most the
     * catalogue's photos (4 an ad); nothing removes it but its owner.
     */
    RUEDAS_DEMO_PHOTO_CACHE: z.string().min(1).optional(),
    /** An administrator created at start unless an account has this e-mail: a deployment's first admin. */
    RUEDAS_ADMIN_EMAIL: z
      .string()
      .trim()
      .refine(isEmail, 'is not an e-mail address')
      .transform((email) => email.toLowerCase())
      .optional(),
    RUEDAS_ADMIN_PASSWORD: z
      .string()
      .refine(isValidPassword, 'must be 8 to 64 characters without surrounding spaces')
      .refine((password) => passwordStrength(password) > 0, 'is too weak')
      .optional(),
    /**
     * Development and tests only: every service of the process reads a clock this many days ahead
     * (fractions allowed), to see plans and ads expire without waiting. Refused in production.
     */
    RUEDAS_CLOCK_OFFSET_DAYS: z.coerce.number().min(0).max(3650).default(0),
    /** OTLP/HTTP collector (Jaeger, an OpenTelemetry collector): traces are exported there; off without it. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    /** `service.name` of the traces; default `ruedas-<target>`. */
    OTEL_SERVICE_NAME: z.string().optional(),
    /** A consumer group more messages than this behind on a topic makes `/ready` fail (decision 0168). */
    RUEDAS_READY_MAX_LAG: z.coerce.number().int().min(1).default(5000),
    /** Where a production gateway serves `/metrics` (its main port is public: not there unless RUEDAS_METRICS_PUBLIC=1). */
    RUEDAS_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9464),
    /** `1`: a production gateway serves `/metrics` on its main port as well (behind a proxy that guards it). */
    RUEDAS_METRICS_PUBLIC: z.enum(['0', '1']).default('0'),
  })
  .superRefine((settings, ctx) => {
    if (settings.NODE_ENV === 'production' && !settings.RUEDAS_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['RUEDAS_PUBLIC_URL'],
        message: 'is required in production: the public address of the marketplace (canonical links, the sitemap, mails, photo URLs)',
      });
    }
    if (settings.RUEDAS_CLOCK_OFFSET_DAYS !== 0 && settings.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['RUEDAS_CLOCK_OFFSET_DAYS'], message: 'is for development only: refused when NODE_ENV is production' });
    }
    if (settings.MEILI_MASTER_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEILI_MASTER_KEY'],
        message:
          'is for the key bootstrap only (npm run meili-key -w @ruedas/infra, the meili-keys container): no Ruedas process runs with the master ' +
          'key. Give the search service MEILI_API_KEY, the key scoped to its index that the bootstrap makes (decision 0203)',
      });
    }
    if (Boolean(settings.RUEDAS_ADMIN_EMAIL) !== Boolean(settings.RUEDAS_ADMIN_PASSWORD)) {
      const missing = settings.RUEDAS_ADMIN_EMAIL ? 'RUEDAS_ADMIN_PASSWORD' : 'RUEDAS_ADMIN_EMAIL';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required: RUEDAS_ADMIN_EMAIL and RUEDAS_ADMIN_PASSWORD go together' });
    }
    if (settings.CAPTCHA_PROVIDER === 'turnstile') {
      for (const key of ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET'] as const) {
        if (!settings[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when CAPTCHA_PROVIDER is turnstile' });
      }
    }
  });

export type Settings = z.infer<typeof settingsSchema>;

export const readSettings = (env: NodeJS.ProcessEnv = process.env): Settings => loadSettings(settingsSchema, env);

/**
 * The payment provider's response secret: RUEDAS_PAYMENT_SECRET; in production a missing one stops
 * start-up naming it; otherwise one is generated once and kept in `<data>/billing/payment-key.json`,
 * so responses signed before a restart still verify.
 */
export function resolvePaymentSecret(settings: Settings): string {
  if (settings.RUEDAS_PAYMENT_SECRET) return settings.RUEDAS_PAYMENT_SECRET;
  if (settings.NODE_ENV === 'production') throw new ConfigError('RUEDAS_PAYMENT_SECRET', "is required in production (the payment responses' HMAC secret)");
  const dir = join(settings.RUEDAS_DATA_DIR, 'billing');
  const file = join(dir, 'payment-key.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { secret: string }).secret;
  const secret = randomBytes(32).toString('base64url');
  privateDirSync(dir);
  writeFileSync(file, JSON.stringify({ secret }), { mode: PRIVATE_FILE_MODE });
  return secret;
}

/** What `npm run secrets` writes in place of ONVO's keys, which only ONVO's dashboard gives (`ONVO_PLACEHOLDERS`). */
export const ONVO_PLACEHOLDER_MARK = 'REPLACE_WITH_THE_';
export const ONVO_PLACEHOLDERS = {
  ONVO_SECRET_KEY: `onvo_test_secret_key_${ONVO_PLACEHOLDER_MARK}KEY_FROM_ONVO`,
  ONVO_WEBHOOK_SECRET: `webhook_secret_${ONVO_PLACEHOLDER_MARK}SECRET_FROM_ONVO`,
} as const;
