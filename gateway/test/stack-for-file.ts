import { afterAll, beforeAll, expect } from 'vitest';
import { createAdAs, eventually, startStack, type Account, type Stack } from './stack';

/**
 * The stack of a test file: started before its tests with `people` signed up, stopped after them.
 * `users` holds each person's id and token once it is up, `api` calls its /api/v1, and `ready` gets
 * the started stack (what the file keeps of it, waits for or creates before its tests).
 */
export function stackForFile<P extends Parameters<typeof startStack>[0]>(people: P, ready: (stack: Stack) => Promise<void>) {
  let stack: Stack | undefined;
  const users = {} as Record<keyof P, Account>;
  beforeAll(async () => {
    stack = await startStack(people);
    for (const name of Object.keys(people) as Array<keyof P & string>) users[name] = stack.accounts[name]!;
    await ready(stack);
  }, 60_000);
  afterAll(() => stack?.stop());
  const api: Stack['api'] = (method, path, options) => stack!.api(method, path, options);
  return { users, api };
}

/**
 * The REST files' sample ads of `seller` (a token): a GOLD ad "Como nuevo", a SILVER Hyundai Tucson
 * and a Yaris, the first created once listings has learnt of the seller from identity's events.
 */
export async function sampleAds(stack: Stack, seller: string) {
  const gold = await eventually(() => createAdAs(stack, seller, { level: 'GOLD', message: 'Como nuevo' }));
  const silver = await createAdAs(stack, seller, { level: 'SILVER', brand: 'HYUNDAI', model: 'Tucson' });
  const pending = await createAdAs(stack, seller, { model: 'Yaris' });
  return { gold, silver, pending };
}

/** Makes each ad public as `admin` (a token) over REST, retried until listings knows the admin, and checks the answers. */
export async function approveAll(stack: Stack, admin: string, ids: string[]) {
  for (const id of ids) {
    const approved = await eventually(async () => {
      const res = await stack.api('PUT', '/opportunity/protected/updateStatus', { token: admin, body: { id, newStatus: 'PUBLIC_ONLINE' } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body;
    });
    expect(approved).toMatchObject({ id, status: 'PUBLIC_ONLINE' });
  }
}
