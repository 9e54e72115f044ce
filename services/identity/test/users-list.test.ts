import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, REGISTER, registration, signedUp, startIdentity, type Identity } from './harness';

/**
 * The staff's users list by cursor (issue 30): a page read with `after` (the `next` of the page
 * before) starts right after that page's last user, so a walk shows each user once and in order
 * even when users register meanwhile (a page number would show one again).
 */
let identity: Identity;
let admin: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  identity = await startIdentity();
  admin = await signedUp(identity, 'ADMINISTRATOR');
});
afterAll(() => identity.stop());

const USERS =
  'query U($filter: String, $sort: UserSort, $page: Int, $after: String) { users(filter: $filter, sort: $sort, page: $page, pageSize: 2, after: $after) ' +
  '{ items { id email } page totalItems next } }';

async function register(overrides: Record<string, unknown>) {
  identity.clock.advance(60_000);
  const input = registration(overrides);
  const result = await identity.call(REGISTER, { input });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  await identity.jobsDone(); // the account is made by a queued job
  return input.email as string;
}

/** Walks the list from its first page by `next`, calling `meanwhile` once after the first page. */
async function walk(variables: Record<string, unknown>, meanwhile: () => Promise<unknown>) {
  const read = async (more: Record<string, unknown>) => {
    const result = await identity.call(USERS, { ...variables, ...more }, admin.token);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.users as { items: Array<{ email: string }>; page: number; next: string | null };
  };
  const pages = [await read({})];
  await meanwhile();
  while (pages.at(-1)!.next) pages.push(await read({ after: pages.at(-1)!.next }));
  return { pages: pages.map((page) => page.page), emails: pages.flatMap((page) => page.items.map((user) => user.email)) };
}

describe('the users list by cursor', () => {
  it('newest first (the index of the sort): each user once, in order, while a new one registers', async () => {
    const emails = [admin.email];
    for (let index = 0; index < 4; index += 1) emails.push(await register({}));
    const walked = await walk({}, () => register({}));
    expect(walked).toEqual({ pages: [1, 2, 3], emails: [...emails].reverse() });
  });

  it('a search sorted by e-mail (the matches sorted in memory): each match once, in order, while one that sorts first registers', async () => {
    const emails: string[] = [];
    for (const name of ['m', 'n', 'p', 'q', 'r']) emails.push(await register({ lastName2: 'Paginada', email: `${name}.paginada@example.com` }));
    const walked = await walk({ filter: 'paginada', sort: { field: 'EMAIL', direction: 'ASC' } }, () =>
      register({ lastName2: 'Paginada', email: 'a.paginada@example.com' }),
    );
    expect(walked).toEqual({ pages: [1, 2, 3], emails });
    const refused = await identity.call(USERS, { after: 'not-a-cursor' }, admin.token);
    expect(fields(refused)).toEqual({ after: { message: 'invalidCursor', messageKey: 'invalidCursor' } });
  });
});
