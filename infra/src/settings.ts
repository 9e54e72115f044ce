import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isEmail, isValidPassword, passwordStrength } from '@ruedas/domain';
import { loadSettings } from '@ruedas/platform';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const optionalUrl = z.url().optional();

/**
 * Every setting of a Ruedas process, read once from the environment. Defaults give the all-in-one
 * mode with embedded adapters; the variables of a production adapter switch its port to it.
 */
export const settingsSchema = z.object({
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
  MAIL_FROM: z.string().default('no-reply@ruedas.cr'),
  /** Force a port's adapter; by default the presence of its production settings chooses. */
  RUEDAS_BUS: z.enum(['embedded', 'kafka']).optional(),
  RUEDAS_STORE: z.enum(['embedded', 'mongo']).optional(),
  RUEDAS_BLOBS: z.enum(['fs', 'minio']).optional(),
  RUEDAS_MAILER: z.enum(['outbox', 'smtp']).optional(),
  KAFKA_BROKERS: z.string().optional(),
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
  /** PEM of the Ed25519 session-token keys; required in production (private: identity only). */
  RUEDAS_TOKEN_PRIVATE_KEY: z.string().optional(),
  RUEDAS_TOKEN_PUBLIC_KEY: z.string().optional(),
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
}).superRefine((settings, ctx) => {
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
