/**
 * The images of the real infrastructure, one definition for the contract runs (testcontainers)
 * and `docker-compose.yml` (infra/test/compose.test.ts checks that the compose file uses these).
 */
export const IMAGES = {
  kafka: 'apache/kafka:3.9.1',
  mongo: 'mongo:8.0',
  meilisearch: 'getmeili/meilisearch:v1.15',
  minio: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
} as const;
