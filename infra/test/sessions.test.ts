import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { start, type Running } from '../src';
import { ADMIN as admin, logger, restApi, settingsWithAdmin } from './launched';

const { dataDir, settings } = settingsWithAdmin('sessions');
let running: Running | undefined;
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = restApi(() => (running as Running).url);

/** Protected paths of services other than identity, each verifying sessions with its own guard. */
const otherServices = (token: string) => [
  api('GET', '/opportunity/protected/myOpportunities/PUBLIC_ONLINE/1', undefined, token), // listings
  api('DELETE', '/attachment/protected/no-such-photo', undefined, token), // media
  api('GET', '/users/protected/planstatus', undefined, token), // billing
];

describe('a session ended by logout', () => {
  it('is refused by every service, and still after the marketplace restarts', async () => {
    running = await start(settings, { logger });
    const login = await api('POST', '/users/login', admin);
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    for (const answer of await Promise.all(otherServices(token))) expect(answer.status).not.toBe(401);

    expect((await api('POST', '/users/logout', undefined, token)).body).toBe(true);
    // All-in-one: every service refuses it within a second of the logout.
    const loggedOut = Date.now();
    await expect.poll(async () => (await Promise.all(otherServices(token))).map((a) => a.status), { timeout: 1000, interval: 20 }).toEqual([401, 401, 401]);
    expect(Date.now() - loggedOut).toBeLessThan(1000);

    await running.stop();
    running = await start(settings, { logger });
    // From the first request: a service becomes ready only once its guard has read the ended sessions.
    expect((await Promise.all(otherServices(token))).map((a) => a.body?.code)).toEqual(['0003', '0003', '0003']);
    expect((await api('GET', '/users/protected/all', undefined, token)).body.code).toBe('0003');
  }, 120_000);
});
