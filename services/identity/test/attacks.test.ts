import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HEADER } from '@ruedas/domain';
import { CONFIRM, LOGIN, PASSWORD, REGISTER, code, registration, signedUp, startIdentity, type Identity, type Json } from './harness';

/**
 * The attacks of issue 14 (items 1, 2, 3 and 6) against the identity service, each as it was run:
 * through GraphQL operations, with bursts of parallel requests where a rule must hold under them.
 */
const WRONG = 'Wrong-Password-1';
const REQUEST = 'mutation Q($email: String!) { requestPasswordReset(email: $email) }';
const RESET = 'mutation R($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';
const from = (address: string, language = 'es') => ({ 'x-forwarded-for': address, 'accept-language': language });
const token = (result: { data?: Json | null }) => result.data?.login?.token as string | undefined;

describe('item 1: the lockout holds under bursts', () => {
  let identity: Identity;
  // The per-account sign-in limit would refuse most of a burst by itself: widened, so the lockout alone is tested.
  beforeAll(async () => {
    identity = await startIdentity({ limits: { loginPerAccount: { limit: 1000, windowMinutes: 15 } } });
  });
  afterAll(async () => identity.stop());

  it.each([
    [30, 15],
    [60, 55],
    [100, 95],
  ])(
    'a burst of %i parallel logins with the right password at #%i gets no token, and the account stays locked',
    async (size, right) => {
      const user = await signedUp(identity);
      const burst = await Promise.all(
        Array.from({ length: size }, (_, i) =>
          identity.call(LOGIN, { email: user.email, password: i + 1 === right ? PASSWORD : WRONG }, undefined, from(`10.9.${size}.${i}`)),
        ),
      );
      expect(burst.filter((result) => token(result))).toHaveLength(0);
      const codes = burst.map(code);
      expect(codes.filter((c) => c === '0001')).toHaveLength(4);
      expect(codes.filter((c) => c === '0005')).toHaveLength(size - 4);
      expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('10.9.0.1')))).toBe('0005');
    },
    60_000,
  );
});

describe('an administrator unblocks at once', () => {
  it('lets a locked person sign in as soon as an administrator sets the account ACTIVE', async () => {
    const identity = await startIdentity();
    try {
      const person = await signedUp(identity, undefined, { name: 'Luis' });
      for (let i = 0; i < 5; i++) await identity.call(LOGIN, { email: person.email, password: WRONG });
      expect(code(await identity.call(LOGIN, { email: person.email, password: PASSWORD }))).toBe('0005');
      const admin = await signedUp(identity, 'ADMINISTRATOR');
      const EDIT = 'mutation A($input: AdminUserInput!) { adminUpdateUser(input: $input) { status } }';
      const input = {
        id: person.id,
        userType: 'PERSON',
        name: 'Luis',
        lastName: 'Mora',
        email: person.email,
        phoneList: [{ phone: '88887777' }],
        province: '1',
        canton: '101',
        district: '10101',
        role: 'ADVERTISER',
        status: 'ACTIVE',
      };
      expect((await identity.call(EDIT, { input }, admin.token)).data?.adminUpdateUser).toEqual({ status: 'ACTIVE' });
      expect(token(await identity.call(LOGIN, { email: person.email, password: PASSWORD }))).toBeTruthy();
      // Set BLOCKED_BY_FAILS by hand, the block has no end.
      expect((await identity.call(EDIT, { input: { ...input, status: 'BLOCKED_BY_FAILS' } }, admin.token)).data?.adminUpdateUser).toEqual({
        status: 'BLOCKED_BY_FAILS',
      });
      identity.clock.advance(24 * 60 * 60_000);
      expect(code(await identity.call(LOGIN, { email: person.email, password: PASSWORD }))).toBe('0005');
    } finally {
      await identity.stop();
    }
  });
});

describe('item 2: sign-in and registration are limited per account and per address', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => identity.stop());

  it('locks an e-mail after its failures with 0005 from any new address, never RATE_LIMITED (issue 28)', async () => {
    const user = await signedUp(identity); // the first sign-in
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 12; i++) answers.push(code(await identity.call(LOGIN, { email: user.email, password: WRONG }, undefined, from(`10.3.0.${i}`))));
    expect(answers).toEqual(['0001', '0001', '0001', '0001', '0005', '0005', '0005', '0005', '0005', '0005', '0005', '0005']);
    const refused = await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('10.3.1.1', 'en'));
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: '0005', messageKey: 'accountLocked' });
    // A completed reset clears it: the owner of the mailbox gets in at once.
    await identity.call(REQUEST, { email: user.email }, undefined, from('10.3.2.1'));
    const { secret } = await identity.lastMail(user.email);
    expect((await identity.call(RESET, { token: secret, password: 'Nuevo-Cielo-2026' })).data?.resetPassword).toBe(true);
    expect(token(await identity.call(LOGIN, { email: user.email, password: 'Nuevo-Cielo-2026' }, undefined, from('10.3.1.1')))).toBeTruthy();
  });

  it('lets at most 50 failed sign-ins from one address through a burst of 100, whatever the e-mails', async () => {
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => identity.call(LOGIN, { email: `spray${i}@example.com`, password: WRONG }, undefined, from('203.0.113.7'))),
    );
    const codes = burst.map(code);
    expect(codes.filter((c) => c === '0001')).toHaveLength(50);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(50);
  }, 60_000);

  it('never refuses honest people behind one carrier address (CGNAT): successes give their unit back', async () => {
    const people = [];
    for (let i = 0; i < 15; i++) people.push(await signedUp(identity));
    const answers: Array<string | undefined> = [];
    // 15 people sign in twice within 15 minutes, each time after a typo: 60 attempts from one address (over 50), 30 failed.
    for (let round = 0; round < 2; round++) {
      for (const person of people) {
        answers.push(code(await identity.call(LOGIN, { email: person.email, password: WRONG }, undefined, from('198.51.100.20'))));
        answers.push(code(await identity.call(LOGIN, { email: person.email, password: PASSWORD }, undefined, from('198.51.100.20'))));
      }
    }
    expect(answers).toHaveLength(60);
    expect(answers.filter((answer) => answer === 'RATE_LIMITED')).toHaveLength(0);
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(30);
  }, 60_000);

  it('accepts at most 20 registrations an hour from one address, also in a burst of 30', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => identity.call(REGISTER, { input: registration() }, undefined, from('192.0.2.44'))));
    expect(burst.filter((result) => result.data?.register === true)).toHaveLength(20);
    expect(burst.filter((result) => code(result) === 'RATE_LIMITED')).toHaveLength(10);
    identity.clock.advance(61 * 60_000);
    expect((await identity.call(REGISTER, { input: registration() }, undefined, from('192.0.2.44'))).data?.register).toBe(true);
  });

  it('accepts at most 3 registrations an hour for one e-mail, new or taken alike', async () => {
    const taken = (await signedUp(identity)).email;
    identity.clock.advance(61 * 60_000);
    for (const email of ['fresh@example.com', taken]) {
      const answers: Array<string | undefined> = [];
      for (let i = 0; i < 4; i++) answers.push(code(await identity.call(REGISTER, { input: registration({ email }) }, undefined, from(`10.4.0.${i}`))));
      expect(answers).toEqual([undefined, undefined, undefined, 'RATE_LIMITED']);
    }
  });
});

describe('item 3: nobody can keep the owner of a mailbox from resetting', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => identity.stop());

  it('answers a burst of requests for a victim neutrally, mails at most 5 links, and every one of them works', async () => {
    const victim = await signedUp(identity);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => identity.call(REQUEST, { email: victim.email }, undefined, from(`10.5.0.${i}`))));
    expect(burst.map(code)).toEqual(Array(12).fill(undefined));
    // The owner asks too, from home: the same neutral answer.
    expect((await identity.call(REQUEST, { email: victim.email }, undefined, from('10.5.1.1'))).data?.requestPasswordReset).toBe(true);
    const links = (await identity.mails()).filter((mail) => mail.to === victim.email && /passwordReset/.test(mail.text));
    expect(links).toHaveLength(5);
    const secrets = links.map((mail) => /passwordReset\/(\S+)/.exec(mail.text)![1]!);
    // Any of the links works (the oldest here); using one spends them all.
    identity.clock.advance(30 * 60_000);
    expect((await identity.call(RESET, { token: secrets.at(-1)!, password: 'Nuevo-Cielo-2026' })).data?.resetPassword).toBe(true);
    expect(code(await identity.call(RESET, { token: secrets[0]!, password: 'Otro-Cielo-2027' }))).toBe('VALIDATION');
    expect(token(await identity.call(LOGIN, { email: victim.email, password: 'Nuevo-Cielo-2026' }, undefined, from('10.5.1.1')))).toBeTruthy();
  });

  it('mails the owner again in the next window', async () => {
    const victim = await signedUp(identity);
    for (let i = 0; i < 8; i++) await identity.call(REQUEST, { email: victim.email }, undefined, from(`10.6.0.${i}`));
    await identity.jobsDone();
    identity.clock.advance(60 * 60_000);
    const before = (await identity.mails()).length;
    expect((await identity.call(REQUEST, { email: victim.email }, undefined, from('10.6.1.1'))).data?.requestPasswordReset).toBe(true);
    const { secret } = await identity.lastMail(victim.email);
    expect((await identity.mails()).length).toBe(before + 1);
    expect((await identity.call(RESET, { token: secret, password: 'Nuevo-Cielo-2026' })).data?.resetPassword).toBe(true);
  });
});

describe('item 6: accounts cannot be enumerated', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => identity.stop());

  it('answers the registration of a taken e-mail exactly as a new one, and only its owner hears of it', async () => {
    const owner = await signedUp(identity);
    const fresh = registration();
    const answers = [
      await identity.call(REGISTER, { input: fresh }, undefined, from('10.7.0.1')),
      await identity.call(REGISTER, { input: registration({ email: owner.email }) }, undefined, from('10.7.0.2')),
    ];
    expect(answers[1]).toEqual(answers[0]);
    expect((await identity.lastMail(fresh.email)).path).toBe('accountConfirmed');
    const notice = await identity.lastMail(owner.email);
    expect(notice.mail.subject).toBe('Alguien intentó registrarse en Ruedas con su correo');
    expect(notice.mail.text).toContain('https://ruedas.test/forgotPassword');
    expect(notice.mail.text).not.toMatch(/accountConfirmed/);
    // The new person's account works once confirmed; the owner's account is untouched.
    expect(code(await identity.call(CONFIRM, { link: (await identity.lastMail(fresh.email)).secret }))).toBeUndefined();
    expect(token(await identity.call(LOGIN, { email: owner.email, password: PASSWORD }))).toBeTruthy();
  });

  it('answers reset requests in the same time for existing and unknown e-mails', async () => {
    const known = await signedUp(identity);
    /** The lower quartiles of 60 timed requests of each kind, interleaved; whether they are apart. */
    const measure = async (round: number) => {
      const samples: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < 60; i++) {
        for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
          const email = kind === 'known' ? known.email : `nobody${round}-${i}@example.com`;
          const start = performance.now();
          const result = await identity.call(REQUEST, { email }, undefined, from(`10.${8 + round}.${i}.${kind === 'known' ? 1 : 2}`));
          samples[kind].push(performance.now() - start);
          // The address's allowance (RateLimit-* at the gateway) is the same for both: a fresh address each time.
          expect(result).toEqual({
            data: { requestPasswordReset: true },
            extensions: { rateLimit: { limit: 30, remaining: 29, resetSeconds: expect.any(Number) } },
          });
          // The mail is written after the answer; let it finish so it does not slow the next sample.
          await identity.jobsDone();
        }
      }
      // The lower quartile: what the work itself costs, least disturbed by other tests running on the machine.
      const quartile = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)]!;
      const [k, u] = [quartile(samples.known), quartile(samples.unknown)];
      // Today's main: medians of 18.7 ms against 10.0 ms (the account's link written and mailed before the answer).
      // Equal within half again, or within 2 ms (below what a network's jitter lets anyone tell apart). Both
      // paths run the same code up to the queued job; at 4 ms a CI machine running other workspaces' tests at
      // the same time moved one quartile by 2 ms (4.1 against 6.3 ms, the unknown e-mails slower). The leak
      // this guards against was 8.7 ms apart.
      return { apart: Math.max(k, u) / Math.min(k, u) >= 1.5 && Math.abs(k - u) >= 2, text: `existing ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms` };
    };
    // A leak is there on every measure; a loaded CI machine (another workspace's burst) moves one now and
    // then (9.7 against 4.3 ms once, 0.6 s for the whole test alone): apart three times running is a leak.
    const rounds: string[] = [];
    let together = false;
    for (let round = 0; round < 3 && !together; round++) {
      const { apart, text } = await measure(round);
      rounds.push(text);
      together = !apart;
    }
    expect(together, `lower quartiles apart on every measure: ${rounds.join('; ')}`).toBe(true);
  }, 60_000);

  it('locks an unknown e-mail after 5 failures exactly as an existing one (0005 with the same message)', async () => {
    const user = await signedUp(identity);
    const run = async (email: string) => {
      const answers: Json[] = [];
      for (let i = 0; i < 7; i++) answers.push((await identity.call(LOGIN, { email, password: WRONG }, undefined, from(`10.10.0.${i}`))).errors![0]!);
      return answers.map((error) => [error.extensions?.code, error.message]);
    };
    const existing = await run(user.email);
    const unknown = await run('nobody-at-all@example.com');
    expect(existing.map(([c]) => c)).toEqual(['0001', '0001', '0001', '0001', '0005', '0005', '0005']);
    expect(unknown).toEqual(existing);
    // Both unlock alike after LOCKOUT_MINUTES.
    identity.clock.advance(31 * 60_000);
    expect(code(await identity.call(LOGIN, { email: 'nobody-at-all@example.com', password: WRONG }))).toBe('0001');
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }))).toBeUndefined();
  });
});

describe('accepted requests are never lost', () => {
  it('does a registration accepted before a stop (its job still waiting) at the next start', async () => {
    const first = await startIdentity({ keep: true });
    const input = registration();
    // Accepted (the job is recorded), then the process stops before the worker could run it.
    const { openCollections } = await import('../src/store');
    const { jobs } = await openCollections(first.store);
    await jobs.insertOne({
      _id: '7d1c6d0e-0000-4000-8000-000000000001',
      kind: 'register',
      email: input.email,
      locale: 'es',
      user: {
        email: input.email,
        passwordHash: null,
        name: 'Ana',
        lastName: 'Mora',
        lastName2: 'Solís',
        userType: 'PERSON',
        merchantName: '',
        province: '1',
        canton: '101',
        district: '10101',
        phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }],
        language: 'es',
      },
      createdAt: first.clock.now(),
      claimedUntil: null,
    });
    await first.stop();
    const second = await startIdentity({ dir: first.dir });
    try {
      const { path } = await second.lastMail(input.email);
      expect(path).toBe('accountConfirmed');
      expect(await (await openCollections(second.store)).jobs.count()).toBe(0);
    } finally {
      await second.stop();
    }
  });
});

/**
 * Issue 28 item 4: anybody could keep any account, administrators included, from signing in: ten
 * attempts per e-mail refused even the right password, from any address, and a person who signed in
 * six times got RATE_LIMITED. Only failures count; the right password from a place the account
 * signed in from before is never refused by others' failures.
 */
describe('issue 28: nobody locks the owner out', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => identity.stop());

  it('lets the owner in from a place they signed in from before, through a stranger’s 30 failures from 30 addresses', async () => {
    const admin = await signedUp(identity, 'ADMINISTRATOR');
    expect(token(await identity.call(LOGIN, { email: admin.email, password: PASSWORD }, undefined, from('172.16.5.9')))).toBeTruthy();
    const attack: Array<string | undefined> = [];
    for (let i = 0; i < 30; i++) attack.push(code(await identity.call(LOGIN, { email: admin.email, password: WRONG }, undefined, from(`10.66.0.${i}`))));
    expect(attack.filter((answer) => answer === '0001')).toHaveLength(4);
    expect(attack.filter((answer) => answer === '0005')).toHaveLength(26);
    // The owner, at home: in at once. The stranger, from a new address, still locked out, even with the right password.
    expect(token(await identity.call(LOGIN, { email: admin.email, password: PASSWORD }, undefined, from('172.16.5.9')))).toBeTruthy();
    expect(code(await identity.call(LOGIN, { email: admin.email, password: PASSWORD }, undefined, from('10.66.1.1')))).toBe('0005');
    expect(code(await identity.call(LOGIN, { email: admin.email, password: WRONG }, undefined, from('10.66.1.2')))).toBe('0005');
  });

  it('never answers RATE_LIMITED to the right password: 20 sign-ins in 15 minutes, with typos between', async () => {
    const user = await signedUp(identity);
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 20; i++) {
      if (i % 5 === 4) answers.push(code(await identity.call(LOGIN, { email: user.email, password: WRONG }, undefined, from('172.16.6.1'))));
      answers.push(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('172.16.6.1'))));
    }
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(20);
    expect(answers.filter((answer) => answer !== undefined)).toEqual(['0001', '0001', '0001', '0001']);
  });

  it('lets the owner in from a device they signed in from before, at a new address, through a stranger’s failures (decision 0147)', async () => {
    const user = await signedUp(identity);
    const phone = { [DEVICE_HEADER]: randomUUID() };
    // The phone signs in once on the home network; later it is on a carrier's address never seen.
    expect(token(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('172.16.8.1'), ...phone }))).toBeTruthy();
    for (let i = 0; i < 30; i++) await identity.call(LOGIN, { email: user.email, password: WRONG }, undefined, from(`10.67.0.${i}`));
    expect(token(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('100.64.3.3'), ...phone }))).toBeTruthy();
    // The same address with another device value, or none, or a value a stranger makes up: locked.
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('100.64.3.4')))).toBe('0005');
    const stranger = { [DEVICE_HEADER]: randomUUID() };
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('100.64.3.4'), ...stranger }))).toBe('0005');
    // A device value is known only after the right password from it: failures from it teach nothing.
    const guesser = { [DEVICE_HEADER]: randomUUID() };
    for (let i = 0; i < 3; i++) await identity.call(LOGIN, { email: user.email, password: WRONG }, undefined, { ...from('10.67.1.1'), ...guesser });
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('10.67.1.1'), ...guesser }))).toBe('0005');
  });

  it('bounds the guesses from a known device: its own failures lock it too (0005), other places of the owner stay open', async () => {
    const user = await signedUp(identity);
    const laptop = { [DEVICE_HEADER]: randomUUID() };
    const phone = { [DEVICE_HEADER]: randomUUID() };
    for (const device of [laptop, phone]) {
      expect(token(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('172.16.9.1'), ...device }))).toBeTruthy();
    }
    // Someone with the laptop, on new addresses: 10 guesses in 15 minutes, then 0005 even with the right password.
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 12; i++)
      answers.push(code(await identity.call(LOGIN, { email: user.email, password: WRONG }, undefined, { ...from(`10.68.0.${i}`), ...laptop })));
    expect(answers.slice(0, 4)).toEqual(['0001', '0001', '0001', '0001']);
    expect(new Set(answers.slice(4))).toEqual(new Set(['0005']));
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('10.68.1.1'), ...laptop }))).toBe('0005');
    // The phone, elsewhere, still gets in.
    expect(token(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, { ...from('100.64.9.9'), ...phone }))).toBeTruthy();
  });

  it('bounds the guesses from a known place: its own failures lock it too (0005)', async () => {
    const user = await signedUp(identity);
    expect(token(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('172.16.7.1')))).toBeTruthy();
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 12; i++) answers.push(code(await identity.call(LOGIN, { email: user.email, password: WRONG }, undefined, from('172.16.7.1'))));
    expect(answers.slice(0, 4)).toEqual(['0001', '0001', '0001', '0001']);
    expect(new Set(answers.slice(4))).toEqual(new Set(['0005']));
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('172.16.7.1')))).toBe('0005');
    identity.clock.advance(31 * 60_000);
    expect(token(await identity.call(LOGIN, { email: user.email, password: PASSWORD }, undefined, from('172.16.7.1')))).toBeTruthy();
  });
});
