import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM, LOGIN, PASSWORD, REGISTER, code, fields, registration, signedUp, startIdentity, type Identity } from './harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => identity.stop());

const ME = '{ me { id email name status language } }';

describe('registration', () => {
  it.each([
    ['userType', { userType: 'ROBOT' }, 'VALIDATION_GRAPHQL'],
    ['name', { name: 'A' }, 'invalidNameUser'],
    ['lastName', { lastName: '1' }, 'invalidLastNameUser'],
    ['lastName2', { lastName2: 'x9' }, 'invalidLastName2User'],
    ['merchantName', { userType: 'CARS_SELLER_MERCHANT', merchantName: '' }, 'invalidMerchantNameUser'],
    ['email', { email: 'not-an-email' }, 'invalidEmail'],
    ['email', { email: `${'a'.repeat(60)}@example.com` }, 'invalidEmail'],
    ['password', { password: 'short', passwordConfirm: 'short' }, 'invalidPassword'],
    ['password', { password: 'password123', passwordConfirm: 'password123' }, 'weakPassword'],
    ['passwordConfirm', { passwordConfirm: 'Other-Password-9' }, 'invalidPasswordConfirm'],
    ['phoneList', { phoneList: [] }, 'atLeastOnePhone'],
    ['phoneList.0.phone', { phoneList: [{ phone: '123' }] }, 'invalidPhone'],
    ['phoneList', { phoneList: Array.from({ length: 6 }, () => ({ phone: '88881234' })) }, 'tooManyPhones'],
    ['agreement', { agreement: false }, 'agreementNotChecked'],
    ['province', { province: '9' }, 'invalidProvince'],
    ['canton', { canton: '201' }, 'invalidCanton'],
    ['district', { district: '10201' }, 'invalidDistrict'],
  ])('refuses a bad %s with its message key and stores nothing', async (field, overrides, key) => {
    const input = registration(overrides);
    const before = (await identity.mails()).length;
    const result = await identity.call(REGISTER, { input });
    if (key === 'VALIDATION_GRAPHQL') expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    else {
      expect(code(result)).toBe('VALIDATION');
      expect(fields(result)?.[field]).toMatchObject({ messageKey: key });
    }
    expect((await identity.mails()).length).toBe(before);
    const login = await identity.call(LOGIN, { email: input.email, password: input.password });
    expect(code(login)).not.toBeUndefined();
  });

  it('answers a taken e-mail, whatever its case, as a new one, and mails its owner instead of making an account', async () => {
    const owner = await signedUp(identity);
    const again = await identity.call(REGISTER, {
      input: { ...registration({ name: 'Eva' }), email: owner.email.toUpperCase(), password: 'Otro-Cielo-2026', passwordConfirm: 'Otro-Cielo-2026' },
    });
    expect(again).toEqual({ data: { register: true } });
    const { mail, path } = await identity.lastMail(owner.email);
    expect(mail.subject).toBe('Alguien intentó registrarse en Ruedas con su correo');
    expect(path).toBe('forgotPassword');
    expect(code(await identity.call(LOGIN, { email: owner.email, password: 'Otro-Cielo-2026' }))).toBe('0001');
    expect(code(await identity.call(LOGIN, { email: owner.email, password: PASSWORD }))).toBeUndefined();
  });

  it('keeps the account NOT_CONFIRMED until the mailed link is used, once', async () => {
    const input = registration({ language: 'en' });
    await identity.call(REGISTER, { input });
    await identity.jobsDone(); // the account is made just after the answer (decision 0028)
    expect(code(await identity.call(LOGIN, { email: input.email, password: PASSWORD }))).toBe('0002');
    const { mail, path, secret } = await identity.lastMail(input.email);
    expect(mail.subject).toBe('Confirm your Ruedas account');
    expect(path).toBe('accountConfirmed');
    expect(secret.length).toBeGreaterThanOrEqual(22);
    expect(code(await identity.call(CONFIRM, { link: 'unknown-link' }))).toBe('0004');
    expect((await identity.call(CONFIRM, { link: secret })).data?.confirmAccount).toBe(true);
    expect(code(await identity.call(CONFIRM, { link: secret }))).toBe('0004');
    const login = await identity.call(LOGIN, { email: input.email, password: PASSWORD });
    expect(login.data?.login.user).toMatchObject({
      name: 'Ana',
      lastName: 'Mora',
      lastName2: 'Solís',
      role: 'ADVERTISER',
      isAdmin: false,
      isImpersonalizator: false,
      language: 'en',
      isLogged: true,
    });
    expect(new Date(login.data?.login.expiresAt).getTime() - identity.clock.now().getTime()).toBe(60 * 60_000);
  });
});

describe('login, sessions and tokens', () => {
  it('answers 0001 alike for an unknown e-mail and a wrong password, in about the same time', async () => {
    const user = await signedUp(identity);
    const time = async (email: string) => {
      const start = performance.now();
      const result = await identity.call(LOGIN, { email, password: 'Wrong-Password-1' });
      return { result, ms: performance.now() - start };
    };
    const known = await time(user.email);
    const unknown = await time('nobody@example.com');
    expect(code(known.result)).toBe('0001');
    expect(unknown.result.errors?.[0]).toEqual(known.result.errors?.[0]);
    expect(unknown.ms).toBeGreaterThan(known.ms / 4);
  });

  it('ends the session at logout: the token answers 0003 from then on', async () => {
    const user = await signedUp(identity);
    expect((await identity.call(ME, {}, user.token)).data?.me.email).toBe(user.email);
    expect((await identity.call('mutation { logout }', {}, user.token)).data?.logout).toBe(true);
    expect(code(await identity.call(ME, {}, user.token))).toBe('0003');
    expect(code(await identity.call('mutation { logout }', {}, user.token))).toBe('0003');
    expect(identity.guard.isRevoked(JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sid)).toBe(true);
  });

  it('refuses forged, alg none, HS256-confused, tampered, expired and malformed tokens with 0003', async () => {
    const user = await signedUp(identity);
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const { createHmac } = await import('node:crypto');
    const hsHeader = b64({ alg: 'HS256', typ: 'JWT' });
    const hs = createHmac('sha256', identity.keys.publicKey).update(`${hsHeader}.${payload}`).digest('base64url');
    const other = (await import('@ruedas/platform')).generateTokenKeyPair();
    const forged = await (
      await (await import('@ruedas/platform')).TokenSigner.fromPem(other.privateKey)
    ).sign({ userId: user.id, sessionId: claims.sid, role: 'ADMINISTRATOR', expiresAt: new Date(claims.exp * 1000) });
    const bad = [
      forged,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${hsHeader}.${payload}.${hs}`,
      `${header}.${b64({ ...claims, role: 'ADMINISTRATOR' })}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      'not.a.token',
      'garbage',
    ];
    for (const token of bad) expect(code(await identity.call(ME, {}, token))).toBe('0003');
    expect(code(await identity.call(ME, {}, user.token))).toBeUndefined();
    identity.clock.advance(61 * 60_000);
    expect(code(await identity.call(ME, {}, user.token))).toBe('0003');
  });

  it('locks the account after the configured failures (0005), and a password reset unblocks it', async () => {
    const user = await signedUp(identity);
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 5; i++) answers.push(code(await identity.call(LOGIN, { email: user.email, password: 'Wrong-Password-1' })));
    expect(answers).toEqual(['0001', '0001', '0001', '0001', '0005']);
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }))).toBe('0005');
    await identity.call('mutation { requestPasswordReset(email: "' + user.email + '", locale: en) }');
    const { secret, path, mail } = await identity.lastMail(user.email);
    expect(path).toBe('passwordReset');
    expect(mail.subject).toBe('Reset your Ruedas password');
    const RESET = 'mutation R($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';
    expect(fields(await identity.call(RESET, { token: secret, password: PASSWORD }))?.password).toMatchObject({ messageKey: 'samePassword' });
    expect((await identity.call(RESET, { token: secret, password: 'Nuevo-Cielo-2026' })).data?.resetPassword).toBe(true);
    expect(fields(await identity.call(RESET, { token: secret, password: 'Otro-Cielo-2027' }))?.token).toMatchObject({ messageKey: 'resetLinkInvalid' });
    expect(code(await identity.call(ME, {}, user.token))).toBe('0003');
    expect(code(await identity.call(LOGIN, { email: user.email, password: 'Nuevo-Cielo-2026' }))).toBeUndefined();
  });

  it('unlocks by itself after LOCKOUT_MINUTES', async () => {
    const user = await signedUp(identity);
    for (let i = 0; i < 5; i++) await identity.call(LOGIN, { email: user.email, password: 'Wrong-Password-1' });
    identity.clock.advance(29 * 60_000);
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }))).toBe('0005');
    identity.clock.advance(2 * 60_000);
    expect(code(await identity.call(LOGIN, { email: user.email, password: PASSWORD }))).toBeUndefined();
  });
});

describe('password reset', () => {
  const REQUEST = 'mutation Q($email: String!) { requestPasswordReset(email: $email) }';
  it('answers the neutral true for an unknown e-mail, and mails nobody', async () => {
    const before = (await identity.mails()).length;
    expect((await identity.call(REQUEST, { email: 'ghost@example.com' }, undefined, { 'x-forwarded-for': '10.0.0.1' })).data?.requestPasswordReset).toBe(true);
    expect((await identity.mails()).length).toBe(before);
  });

  it('expires the link after 60 minutes', async () => {
    const user = await signedUp(identity);
    await identity.call(REQUEST, { email: user.email }, undefined, { 'x-forwarded-for': '10.0.0.2' });
    const { secret, mail } = await identity.lastMail(user.email);
    expect(mail.subject).toBe('Restablezca su contraseña de Ruedas');
    identity.clock.advance(61 * 60_000);
    const result = await identity.call('mutation R($t: String!) { resetPassword(token: $t, password: "Nuevo-Cielo-2026") }', { t: secret });
    expect(fields(result)?.token).toMatchObject({ messageKey: 'resetLinkInvalid' });
  });

  it('limits requests per client address generously (429 with the wait), the same whether the account exists', async () => {
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 31; i++) answers.push(code(await identity.call(REQUEST, { email: `x${i}@example.com` }, undefined, { 'x-forwarded-for': '10.2.0.1' })));
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(30);
    const refused = await identity.call(REQUEST, { email: 'x@example.com' }, undefined, { 'x-forwarded-for': '10.2.0.1', 'accept-language': 'en' });
    expect(code(refused)).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'tooManyAttempts', params: { minutes: expect.any(Number) } });
    expect(refused.errors?.[0]?.extensions?.params?.retryAfter).toBeGreaterThan(0);
  });
});
