import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModeration, type Moderation } from './harness';

describe('systemsVersion', () => {
  let moderation: Moderation;
  beforeAll(async () => {
    moderation = await startModeration();
  });
  afterAll(() => moderation.stop());

  it('answers the release and the database engine with its version, to anybody', async () => {
    const result = await moderation.call('moderation', '{ systemsVersion { backEndVersion databaseVersion } }');
    const info = await moderation.store.info();
    expect(result.data).toEqual({ systemsVersion: { backEndVersion: '9.8.7', databaseVersion: `embedded ${info.version}` } });
  });
});
