import { afterAll, beforeAll } from 'vitest';
import { startStack, type Account, type Stack } from './stack';

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
