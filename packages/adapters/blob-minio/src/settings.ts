import { ConfigError, requireSetting } from '@ruedas/platform';

export interface MinioBlobStoreOptions {
  /** `http://host:port` or `https://host[:port]` (`S3_ENDPOINT`). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Defaults to `us-east-1`, which MinIO accepts whatever its own region setting. */
  region?: string;
}

export interface MinioSettings {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,64}$/;

/** Checks every setting, throwing a ConfigError that names the variable to fix. */
export function parseSettings(options: MinioBlobStoreOptions): MinioSettings {
  const endpoint = parseEndpoint(requireSetting(options.endpoint, 'S3_ENDPOINT', 'URL of the S3 server, e.g. http://localhost:9000'));
  const accessKey = requireSetting(options.accessKey, 'S3_ACCESS_KEY', 'access key of the S3 server');
  const secretKey = requireSetting(options.secretKey, 'S3_SECRET_KEY', 'secret key of the S3 server');
  const bucket = requireSetting(options.bucket, 'S3_BUCKET', 'bucket that holds the photos');
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw new ConfigError('S3_BUCKET', `${JSON.stringify(bucket)} is not a valid bucket name (3 to 63 of a-z, 0-9, '.', '-')`);
  }
  const region = options.region?.trim() || 'us-east-1';
  if (!REGION.test(region)) throw new ConfigError('S3_REGION', `${JSON.stringify(region)} is not a region name`);
  return { ...endpoint, accessKey, secretKey, bucket, region };
}

function parseEndpoint(value: string): Pick<MinioSettings, 'endPoint' | 'port' | 'useSSL'> {
  const malformed = (why: string) => new ConfigError('S3_ENDPOINT', `${JSON.stringify(value)} ${why}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw malformed('is not a URL (expected e.g. http://localhost:9000)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw malformed('must start with http:// or https://');
  if (url.username || url.password) throw malformed('must not hold credentials (use S3_ACCESS_KEY and S3_SECRET_KEY)');
  if (url.pathname !== '/' || url.search || url.hash) throw malformed('must be the server address alone, without a path');
  const useSSL = url.protocol === 'https:';
  return { endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}
