import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTopics } from '@ruedas/events';
import { turnstileCaptcha } from '../src';
import { REGISTER, code, fields, registration, signedUp, startIdentity, type Identity } from './harness';

let identity: Identity;
const tokens: Record<string, string | undefined> = {};
let target: { id: string; email: string };
beforeAll(async () => {
  identity = await startIdentity();
  for (const role of ['ADVERTISER', 'TESTUSER', 'ADMINISTRATOR', 'IMPERSONALIZATOR']) tokens[role] = (await signedUp(identity, role)).token;
  tokens.visitor = undefined;
  target = await signedUp(identity);
});
afterAll(async () => identity.stop());

const user = () => ({
  userType: 'PERSON',
  name: 'Luis',
  lastName: 'Vega',
  email: `luis${Math.random().toString(36).slice(2, 8)}@example.com`,
  phoneList: [{ phone: '88887777' }],
  province: '1',
  canton: '101',
  district: '10101',
});
const profile = {
  userType: 'PERSON',
  name: 'Otro',
  lastName: 'Nombre',
  phoneList: [{ phone: '88887777' }],
  province: '1',
  canton: '101',
  district: '10101',
  truthDeclaration: true,
};

/** Each identity operation, run against `target` (another user than the caller). */
const operations: Record<string, () => [string, Record<string, unknown>]> = {
  me: () => ['{ me { id } }', {}],
  userOther: () => ['query U($id: ID!) { user(id: $id) { id email } }', { id: target.id }],
  userPublicFields: () => ['query U($id: ID!) { user(id: $id) { id fullName } }', { id: target.id }],
  sellerInfo: () => ['query S($id: ID!) { sellerInfo(sellerId: $id) { fullName phones { phone } } }', { id: target.id }],
  users: () => ['{ users { totalItems } }', {}],
  updateMyProfile: () => ['mutation P($input: ProfileInput!) { updateMyProfile(input: $input) { id } }', { input: profile }],
  changeLanguage: () => ['mutation { changeLanguage(language: en) }', {}],
  adminUpdateUserOther: () => [
    'mutation A($input: AdminUserInput!) { adminUpdateUser(input: $input) { id } }',
    { input: { ...user(), id: target.id, email: target.email, role: 'ADVERTISER' } },
  ],
  adminUpdateUserRole: () => [
    'mutation A($input: AdminUserInput!) { adminUpdateUser(input: $input) { id } }',
    { input: { ...user(), id: target.id, email: target.email, role: 'ADMINISTRATOR' } },
  ],
  impersonalRegister: () => [
    'mutation I($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id } }',
    { input: { user: user(), promotionalAds: 3, planLevel: 'SILVER' } },
  ],
  register: () => [REGISTER, { input: registration() }],
  requestPasswordReset: () => ['mutation Q($email: String!) { requestPasswordReset(email: $email) }', { email: user().email }],
  logout: () => ['mutation { logout }', {}],
};

// ok = answered; otherwise the code. The rows by who may call: anyone, anyone signed in, staff.
const anyone = { visitor: 'ok', ADVERTISER: 'ok', TESTUSER: 'ok', ADMINISTRATOR: 'ok', IMPERSONALIZATOR: 'ok' };
const signedIn = { ...anyone, visitor: '0003' };
const staff = { ...signedIn, ADVERTISER: 'FORBIDDEN', TESTUSER: 'FORBIDDEN' };
// Logout last: it ends the caller's session.
const table: Record<string, Record<string, string>> = {
  me: signedIn,
  userOther: staff,
  userPublicFields: staff,
  sellerInfo: anyone,
  users: staff,
  updateMyProfile: { ...signedIn, IMPERSONALIZATOR: 'FORBIDDEN' },
  changeLanguage: signedIn,
  adminUpdateUserOther: staff,
  adminUpdateUserRole: { ...staff, IMPERSONALIZATOR: 'FORBIDDEN' },
  impersonalRegister: staff,
  register: anyone,
  requestPasswordReset: anyone,
  logout: signedIn,
};

describe('permission table', () => {
  for (const [operation, expected] of Object.entries(table)) {
    it(`${operation}: ${JSON.stringify(expected)}`, async () => {
      const actual: Record<string, string> = {};
      for (const role of Object.keys(expected)) {
        const [query, variables] = operations[operation]!();
        const result = await identity.call(query, variables, tokens[role], { 'x-forwarded-for': `10.9.${Object.keys(expected).indexOf(role)}.1` });
        actual[role] = code(result) ?? 'ok';
      }
      expect(actual).toEqual(expected);
    });
  }

  it('lets nobody change another user through their own profile: updateMyProfile changes only the caller', async () => {
    const advertiser = await signedUp(identity);
    const other = await signedUp(identity);
    await identity.call('mutation P($input: ProfileInput!) { updateMyProfile(input: $input) { id } }', { input: profile }, advertiser.token);
    const admin = await signedUp(identity, 'ADMINISTRATOR');
    const read = async (id: string) => (await identity.call('query U($id: ID!) { user(id: $id) { name } }', { id }, admin.token)).data?.user.name;
    expect(await read(advertiser.id)).toBe('Otro');
    expect(await read(other.id)).toBe('Ana');
    const attempt = await identity.call('query U($id: ID!) { user(id: $id) { email } }', { id: other.id }, advertiser.token);
    expect(code(attempt)).toBe('FORBIDDEN');
  });
});

describe('admin user edit', () => {
  const EDIT = 'mutation A($input: AdminUserInput!) { adminUpdateUser(input: $input) { id email role } }';
  it("lets only an administrator change a user's e-mail: the impersonator edits the rest", async () => {
    const person = await signedUp(identity);
    // Fresh sessions: the permission table ends with logout.
    const impersonator = (await signedUp(identity, 'IMPERSONALIZATOR')).token;
    const admin = (await signedUp(identity, 'ADMINISTRATOR')).token;
    const edit = (email: string, name: string) => ({ input: { ...user(), id: person.id, name, email } });
    const refused = await identity.call(EDIT, edit(`nuevo.${person.email}`, 'Pedro'), impersonator);
    expect(code(refused)).toBe('FORBIDDEN');
    const kept = await identity.call(EDIT, edit(person.email, 'Pedro'), impersonator);
    expect(kept.data?.adminUpdateUser).toMatchObject({ email: person.email, role: 'ADVERTISER' });
    const changed = await identity.call(EDIT, edit(`nuevo.${person.email}`, 'Pedro'), admin);
    expect(changed.data?.adminUpdateUser).toMatchObject({ email: `nuevo.${person.email}` });
  });
});

describe('statuses an impersonator may set (docs/decisions/0034)', () => {
  const EDIT = 'mutation A($input: AdminUserInput!) { adminUpdateUser(input: $input) { id status } }';
  it('unblocks a locked account, and may neither block nor activate an unconfirmed one; each refusal changes nothing', async () => {
    const person = await signedUp(identity);
    const impersonator = (await signedUp(identity, 'IMPERSONALIZATOR')).token;
    const admin = (await signedUp(identity, 'ADMINISTRATOR')).token;
    const edit = (status: string) => ({ input: { ...user(), id: person.id, email: person.email, name: 'Luis', status } });
    const block = await identity.call(EDIT, edit('BLOCKED_BY_FAILS'), impersonator);
    expect([code(block), block.errors?.[0]?.extensions?.messageKey]).toEqual(['FORBIDDEN', 'impersonatorStatusNotAllowed']);
    expect((await identity.call('query U($id: ID!) { user(id: $id) { status } }', { id: person.id }, admin)).data?.user.status).toBe('ACTIVE');
    expect((await identity.call(EDIT, edit('BLOCKED_BY_FAILS'), admin)).data?.adminUpdateUser.status).toBe('BLOCKED_BY_FAILS');
    expect((await identity.call(EDIT, edit('ACTIVE'), impersonator)).data?.adminUpdateUser.status).toBe('ACTIVE');
    const registered = await identity.call(
      'mutation I($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id email status } }',
      { input: { user: user() } },
      impersonator,
    );
    const fresh = registered.data!.impersonalRegister as { id: string; email: string; status: string };
    expect(fresh.status).toBe('NOT_CONFIRMED');
    const activate = await identity.call(EDIT, { input: { ...user(), id: fresh.id, email: fresh.email, status: 'ACTIVE' } }, impersonator);
    expect(code(activate)).toBe('FORBIDDEN');
    expect((await identity.call('query U($id: ID!) { user(id: $id) { status } }', { id: fresh.id }, admin)).data?.user.status).toBe('NOT_CONFIRMED');
  });
});

describe('events', () => {
  it('publishes user events with no secret in them', async () => {
    await identity.relay.flush();
    const seen: string[] = [];
    const sub = await identity.bus.subscribe({
      group: 'test-events',
      topics: ['identity.user', 'identity.session'],
      handler: async (m) => {
        seen.push(JSON.stringify(m.value));
      },
    });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(10);
    await sub.stop();
    const all = seen.join('\n');
    for (const type of ['UserRegistered', 'UserConfirmed', 'UserUpdated', 'UserRoleChanged', 'ImpersonalUserRegistered', 'SessionEnded'])
      expect(all).toContain(`"type":"${type}"`);
    expect(all).toContain('"plan":{"promotionalAds":3,"planLevel":"SILVER"}');
    expect(all).not.toMatch(/argon2|passwordHash|"password"|"confirmation"|"reset"|token/i);
    expect(allTopics).toContain('identity.user');
  });
});

describe('captcha', () => {
  it('verifies the token server-side with the provider, except from the local machine', async () => {
    const received: string[] = [];
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as { port: number }).port;
    const guarded = await startIdentity({
      captcha: turnstileCaptcha({ siteKey: 'public-site-key', secret: 's3cret', siteverifyUrl: `http://127.0.0.1:${port}/siteverify` }),
    });
    try {
      const remote = { 'x-forwarded-for': '203.0.113.7' };
      expect((await guarded.call(REGISTER, { input: registration() }, undefined, remote)).errors?.[0]?.extensions?.fields?.captcha).toMatchObject({
        messageKey: 'invalidCaptcha',
      });
      expect(code(await guarded.call(REGISTER, { input: registration(), captcha: 'bad-token' }, undefined, remote))).toBe('VALIDATION');
      expect((await guarded.call(REGISTER, { input: registration(), captcha: 'good-token' }, undefined, remote)).data?.register).toBe(true);
      expect(new URLSearchParams(received.at(-1)).get('secret')).toBe('s3cret');
      expect(new URLSearchParams(received.at(-1)).get('remoteip')).toBe('203.0.113.7');
      expect((await guarded.call(REGISTER, { input: registration() }, undefined, { 'x-forwarded-for': '203.0.113.7, 127.0.0.1' })).data?.register).toBe(true);
    } finally {
      await guarded.stop();
      fake.close();
    }
  });
  const CAPTCHA = '{ registrationCaptcha { provider siteKey } }';
  const turnstile = () => turnstileCaptcha({ siteKey: 'public-site-key', secret: 's3cret', siteverifyUrl: 'http://127.0.0.1:9/siteverify' });

  it('tells the registration form which captcha to solve: NONE without a provider', async () => {
    expect((await identity.call(CAPTCHA, {}, undefined, { 'x-forwarded-for': '203.0.113.7' })).data?.registrationCaptcha).toEqual({
      provider: 'NONE',
      siteKey: null,
    });
  });

  it('asks a remote caller for Turnstile with its site key, and register refuses it without a token', async () => {
    const guarded = await startIdentity({ captcha: turnstile() });
    try {
      const remote = { 'x-forwarded-for': '203.0.113.7' };
      expect((await guarded.call(CAPTCHA, {}, undefined, remote)).data?.registrationCaptcha).toEqual({ provider: 'TURNSTILE', siteKey: 'public-site-key' });
      const refused = await guarded.call(REGISTER, { input: registration() }, undefined, remote);
      expect(code(refused)).toBe('VALIDATION');
      expect(fields(refused)?.captcha).toMatchObject({ messageKey: 'invalidCaptcha' });
    } finally {
      await guarded.stop();
    }
  });

  it('asks the local machine for no captcha, and register agrees', async () => {
    const guarded = await startIdentity({ captcha: turnstile() });
    try {
      const local = { 'x-forwarded-for': '127.0.0.1' };
      expect((await guarded.call(CAPTCHA, {}, undefined, local)).data?.registrationCaptcha).toEqual({ provider: 'NONE', siteKey: null });
      expect((await guarded.call(REGISTER, { input: registration() }, undefined, local)).data?.register).toBe(true);
    } finally {
      await guarded.stop();
    }
  });

  it('refuses to build a Turnstile captcha without its site key', () => {
    expect(() => turnstileCaptcha({ siteKey: '', secret: 's3cret' })).toThrow(/site key/);
  });
});
