import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GenericContainer, Wait } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { createMinioBlobStore, type MinioBlobStoreOptions } from '@ruedas/blob-minio';
import { ConfigError } from '@ruedas/platform';
import { runBlobStoreContractTests } from '@ruedas/testing';
import { realTargetMode, reportNotExercised } from '@ruedas/testing';
import { IMAGES } from '@ruedas/testing';

/** s3rver ships no types; this is the part of its API used here. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** s3rver checks signature v4 against this fixed account. */
const S3RVER_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

async function startS3rver() {
  const directory = await mkdtemp(join(tmpdir(), 'ruedas-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

runBlobStoreContractTests('blob-minio on s3rver (in process)', async () => {
  const s3 = await startS3rver();
  const store = await createMinioBlobStore({ endpoint: s3.endpoint, ...S3RVER_CREDENTIALS, bucket: 'ruedas-photos' });
  return { store, teardown: s3.stop };
});

const MINIO = { name: 'MinIO', variable: 'S3_ENDPOINT' };
const mode = await realTargetMode(MINIO);
if (mode === 'url') {
  runBlobStoreContractTests('blob-minio on the MinIO at S3_ENDPOINT', async () => ({
    store: await createMinioBlobStore({
      endpoint: process.env.S3_ENDPOINT ?? '',
      accessKey: process.env.S3_ACCESS_KEY ?? '',
      secretKey: process.env.S3_SECRET_KEY ?? '',
      bucket: process.env.S3_BUCKET || 'ruedas-contract-tests',
    }),
    teardown: async () => {},
  }));
} else if (mode === 'docker') {
  runBlobStoreContractTests('blob-minio on MinIO (testcontainers)', async () => {
    const credentials = { accessKey: 'ruedas', secretKey: 'ruedas-secret' };
    const container = await new GenericContainer(IMAGES.minio)
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: credentials.accessKey, MINIO_ROOT_PASSWORD: credentials.secretKey })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start();
    const endpoint = `http://${container.getHost()}:${container.getMappedPort(9000)}`;
    const store = await createMinioBlobStore({ endpoint, ...credentials, bucket: 'ruedas-photos' });
    return { store, teardown: async () => void (await container.stop()) };
  });
} else {
  reportNotExercised(MINIO);
  describe.skip('BlobStore contract: blob-minio on a real MinIO (NOT EXERCISED: set S3_ENDPOINT or provide a Docker engine)', () => {
    it('runs the contract suite against a real MinIO', () => {});
  });
}

describe('blob-minio settings', () => {
  const valid: MinioBlobStoreOptions = { endpoint: 'http://127.0.0.1:1', accessKey: 'key', secretKey: 'secret', bucket: 'ruedas-photos' };
  const refusals: Array<{ what: string; override: Partial<MinioBlobStoreOptions>; variable: string }> = [
    { what: 'a missing endpoint', override: { endpoint: '' }, variable: 'S3_ENDPOINT' },
    { what: 'an endpoint that is not a URL', override: { endpoint: 'localhost:9000' }, variable: 'S3_ENDPOINT' },
    { what: 'an endpoint of another protocol', override: { endpoint: 'ftp://localhost:9000' }, variable: 'S3_ENDPOINT' },
    { what: 'an endpoint with a path', override: { endpoint: 'http://localhost:9000/photos' }, variable: 'S3_ENDPOINT' },
    { what: 'an endpoint with credentials', override: { endpoint: 'http://key:secret@localhost:9000' }, variable: 'S3_ENDPOINT' },
    { what: 'a missing access key', override: { accessKey: '' }, variable: 'S3_ACCESS_KEY' },
    { what: 'a missing secret key', override: { secretKey: ' ' }, variable: 'S3_SECRET_KEY' },
    { what: 'a missing bucket', override: { bucket: '' }, variable: 'S3_BUCKET' },
    { what: 'a bucket name S3 refuses', override: { bucket: 'Ruedas_Photos' }, variable: 'S3_BUCKET' },
  ];
  it.each(refusals)('refuses $what with a ConfigError naming $variable', async ({ override, variable }) => {
    const attempt = createMinioBlobStore({ ...valid, ...override });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toMatchObject({ variable, message: expect.stringContaining(variable) });
  });

  it('says which server it cannot reach instead of starting', async () => {
    await expect(createMinioBlobStore(valid)).rejects.toThrow(/cannot use bucket ruedas-photos at http:\/\/127\.0\.0\.1:1/);
  });
});
