// Full services, not light subgraph fixtures: the spec's payloads must pass the services' own validation and round-trip
// through their stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { createAdAs, eventually, legacyAd, startStack, type Json, type Stack } from './stack';

// A legacy client of /api/v1 (spec 01 §7 and 02 §7): the spec's payloads exactly as written, and
// GET→PUT round trips of the objects the facade answers.

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', other: 'ADVERTISER' } as const;

beforeAll(async () => {
  stack = await startStack(people);
}, 60_000);
afterAll(() => stack?.stop());

const token = (name: keyof typeof people) => stack.accounts[name]!.token;
const idOf = (name: keyof typeof people) => stack.accounts[name]!.id;

/** The spec's User entity (01 §4) as the legacy registration form sends it: no passwordConfirm, no agreement. */
const specUser = (email: string) => ({
  email,
  password: 'Montaña-Verde-2026',
  name: 'Lucía',
  lastName: 'Quesada',
  lastName2: 'Rojas',
  userType: 'PERSON',
  merchantName: '',
  fullname: 'Lucía Quesada Rojas',
  province: '1',
  canton: '101',
  district: '10101',
  phoneList: [{ phone: '8888-4321', phoneType: 'WHATSAPP' }],
  language: 'es',
  idType: null,
  identification: '',
  role: 'ADVERTISER',
  status: null,
  dateCreated: null,
});

describe('POST /users/register with the spec payload {callbacktoken, ekey, user}', () => {
  it('registers the account (it then waits for its confirmation link)', async () => {
    const answer = await stack.api('POST', '/users/register', { body: { callbacktoken: null, ekey: 'legacy-key', user: specUser('lucia@example.com') } });
    expect(answer).toEqual({ status: 200, body: true });
    // The registration is a job done after the answer: the account exists a moment later, unconfirmed.
    const login = await eventually(async () => {
      const tried = await stack.api('POST', '/users/login', { body: { email: 'lucia@example.com', password: 'Montaña-Verde-2026' }, language: 'en' });
      if (tried.status === 401) throw new Error('the account is not there yet');
      return tried;
    });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('0002');
  });

  it('still refuses an agreement sent unticked, and a confirmation that differs, naming the field in both languages', async () => {
    const unticked = await stack.api('POST', '/users/register', { body: { user: { ...specUser('nope@example.com'), agreement: false } }, language: 'en' });
    expect(unticked.status).toBe(400);
    expect(unticked.body.fields.agreement).toEqual({ messageKey: 'agreementNotChecked', message: translate('agreementNotChecked', 'en') });
    const differs = await stack.api('POST', '/users/register', { body: { user: { ...specUser('nope@example.com'), passwordConfirm: 'Otra-Clave-2026' } } });
    expect(differs.status).toBe(400);
    expect(differs.body.fields.passwordConfirm.message).toBe(translate('invalidPasswordConfirm', 'es'));
    expect((await stack.api('POST', '/users/login', { body: { email: 'nope@example.com', password: 'Montaña-Verde-2026' } })).body.code).toBe('0001');
  });
});

describe('PUT /users/protected/updateMyProfile with the GET answer', () => {
  it('takes the user object exactly as GET /users/protected/{id} answered it (idType null, no truthDeclaration)', async () => {
    const read = await stack.api('GET', `/users/protected/${idOf('seller')}`, { token: token('seller') });
    expect(read.status).toBe(200);
    expect(read.body.idType).toBeNull();
    expect(read.body).not.toHaveProperty('truthDeclaration');
    const same = await stack.api('PUT', '/users/protected/updateMyProfile', { token: token('seller'), body: read.body });
    expect(same).toEqual({ status: 200, body: read.body });

    const changed = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('seller'),
      body: { ...read.body, lastName2: 'Solís', idType: 'NATIONAL_ID', identification: '112340567' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ lastName2: 'Solís', idType: 'NATIONAL_ID', identification: '112340567', email: read.body.email, role: 'ADVERTISER' });
    expect((await stack.api('GET', `/users/protected/${idOf('seller')}`, { token: token('seller') })).body).toEqual(changed.body);
  });

  it('refuses the declaration sent unticked with the documented field error, and changes nothing', async () => {
    const read = await stack.api('GET', `/users/protected/${idOf('other')}`, { token: token('other') });
    const refused = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('other'),
      body: { ...read.body, name: 'Otro', truthDeclaration: false },
      language: 'en',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION',
      fields: { truthDeclaration: { messageKey: 'agreementNotChecked', message: translate('agreementNotChecked', 'en') } },
    });
    expect((await stack.api('GET', `/users/protected/${idOf('other')}`, { token: token('other') })).body).toEqual(read.body);
  });

  it("changes the password with the spec's newPassword (and the current one), without a separate confirmation", async () => {
    const read = await stack.api('GET', `/users/protected/${idOf('other')}`, { token: token('other') });
    const withoutCurrent = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('other'),
      body: { ...read.body, newPassword: 'Nueva-Clave-2026' },
    });
    expect(withoutCurrent.status).toBe(400);
    expect(withoutCurrent.body.fields).toHaveProperty('currentPassword');
    const changed = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('other'),
      body: { ...read.body, newPassword: 'Nueva-Clave-2026', currentPassword: 'Cielo-Azul-2025' },
    });
    expect(changed.status).toBe(200);
    expect((await stack.api('POST', '/users/login', { body: { email: read.body.email, password: 'Nueva-Clave-2026' } })).status).toBe(200);
  });

  it('lets an administrator PUT adminUpdate the user object GET answered (idType null)', async () => {
    const read = await stack.api('GET', `/users/protected/${idOf('other')}`, { token: token('admin') });
    const same = await stack.api('PUT', '/users/protected/adminUpdate', { token: token('admin'), body: { ...read.body, idType: null, merchantName: null } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ ...read.body });
  });
});

describe('the spec bodies of issue 32 (spec 02 §4 and §7, exactly as written)', () => {
  it('PUT updateMyProfile: the user with `password` (the current one) and `newPassword` changes the password', async () => {
    const { email } = stack.accounts.seller!;
    const read = await stack.api('GET', `/users/protected/${idOf('seller')}`, { token: token('seller') });
    const wrong = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('seller'),
      body: { ...read.body, password: 'No-Es-La-Clave-1', newPassword: 'Clave-Del-Spec-2026' },
      language: 'en',
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields ?? {})).toContain('currentPassword');
    const changed = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('seller'),
      body: { ...read.body, password: 'Cielo-Azul-2025', newPassword: 'Clave-Del-Spec-2026' },
    });
    expect(changed.status).toBe(200);
    expect((await stack.api('POST', '/users/login', { body: { email, password: 'Clave-Del-Spec-2026' } })).status).toBe(200);
    // Put back: the other tests sign in with the first password.
    const back = await stack.api('PUT', '/users/protected/updateMyProfile', {
      token: token('seller'),
      body: { ...read.body, password: 'Clave-Del-Spec-2026', newPassword: 'Cielo-Azul-2025' },
    });
    expect(back.status).toBe(200);
  });

  it('POST register: `phoneList` as JSON text is the list; text that is no list is refused naming the field', async () => {
    const user = { ...specUser('texto@example.com'), phoneList: '[{"phone":"8888-4321","phoneType":"WHATSAPP"}]' };
    expect(await stack.api('POST', '/users/register', { body: { callbacktoken: null, ekey: 'legacy-key', user } })).toEqual({ status: 200, body: true });
    const bad = await stack.api('POST', '/users/register', {
      body: { user: { ...user, email: 'texto2@example.com', phoneList: '8888-4321' } },
      language: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.phoneList).toEqual({ messageKey: 'invalidPhone', message: translate('invalidPhone', 'en') });
  });

  it('POST impersonalRegister: `plan.planLevel` as its number (3 is SILVER), as /plan/protected/plan takes it', async () => {
    const answer = await stack.api('POST', '/users/impersonalRegister', {
      token: token('admin'),
      body: { user: specUser('nivel@example.com'), plan: { planLevel: 3, totalOpportunities: 2 } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'nivel@example.com', impersonal: true });
    const unknown = await stack.api('POST', '/users/impersonalRegister', {
      token: token('admin'),
      body: { user: specUser('nivel9@example.com'), plan: { planLevel: 9, totalOpportunities: 2 } },
    });
    expect(unknown.status).toBe(400);
  });

  it('GET /opportunity/protected/{status}/{page}: an administrator every ad of the status, an owner their own (decision 0160)', async () => {
    const mine = await eventually(() => createAdAs(stack, token('seller')));
    const theirs = await eventually(() => createAdAs(stack, token('other')));
    const ids = (answer: { body: Json }) => (answer.body.items as Json[]).map((ad) => ad.id);
    const admin = await eventually(async () => {
      const answer = await stack.api('GET', '/opportunity/protected/PENDING_APPROVAL/1', { token: token('admin') });
      expect(ids(answer)).toEqual(expect.arrayContaining([mine, theirs]));
      return answer;
    });
    expect(admin.status).toBe(200);
    const seller = await stack.api('GET', '/opportunity/protected/PENDING_APPROVAL/1', { token: token('seller') });
    expect(seller.status).toBe(200);
    expect(ids(seller)).toContain(mine);
    expect(ids(seller)).not.toContain(theirs);
    expect((seller.body.items as Json[]).every((ad) => ad.user.id === idOf('seller'))).toBe(true);
    expect(seller.body).toMatchObject({ pageNumber: 1, totalItems: ids(seller).length });
  });
});

describe('a value GraphQL refuses itself (issue 32 item 7)', () => {
  it("names the field and the rule in the caller's language, without GraphQL's words", async () => {
    const answer = await stack.api('PUT', '/users/protected/newLanguage', { token: token('other'), body: { language: 'fr' }, language: 'en' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'VALIDATION',
      message: translate('validationFailed', 'en'),
      fields: { language: { messageKey: 'invalidChoice', message: 'Choose one of these values: ES, EN.' } },
    });
  });

  it('an ad with a style, a year and a phone of the wrong kind: each field with its rule, in Spanish by default', async () => {
    const answer = await stack.api('POST', '/opportunity/protected/', {
      token: token('seller'),
      body: { opportunity: legacyAd(1, { style: 'PICKUP', year: 'dos mil', phoneList: '[{"phone":88881234,"phoneType":"WHATSAPP"}]' }) },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).not.toMatch(/Variable|\$input|enum|cannot represent/);
    expect(answer.body).toMatchObject({ code: 'VALIDATION', message: translate('validationFailed', 'es') });
    expect(answer.body.fields.style).toEqual({ messageKey: 'invalidChoice', message: expect.stringMatching(/^Elija uno de estos valores: .*SEDAN/) });
    expect(answer.body.fields.year).toEqual({ messageKey: 'mustBeWholeNumber', message: translate('mustBeWholeNumber', 'es') });
    expect(answer.body.fields['phoneList.0.phone']).toEqual({ messageKey: 'mustBeText', message: translate('mustBeText', 'es') });
    expect(answer.body).not.toHaveProperty('detail');
  });

  it('a plan level that is no level, named by its path in the body', async () => {
    const answer = await stack.api('POST', '/plan/protected/plan', {
      token: token('seller'),
      body: { plan: { planLevel: 'PLATINO', totalOpportunities: 5 } },
      language: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields['plan.planLevel']).toEqual({ messageKey: 'invalidChoice', message: 'Choose one of these values: GOLD, SILVER, BRONZE.' });
  });
});

describe('GET /users/protected/all', () => {
  it('answers every user as one list, not a page, filtered and sorted on request', async () => {
    // More users than a page of the users list (ITEMS_PER_LIST, 10 by default).
    for (let index = 0; index < 12; index += 1) {
      const answer = await stack.api('POST', '/users/impersonalRegister', {
        token: token('admin'),
        body: { user: { ...specUser(`persona${index}@example.com`), name: `Persona${String.fromCharCode(65 + index)}` }, plan: null },
      });
      expect(answer.status).toBe(200);
    }
    const all = await eventually(async () => {
      const answer = await stack.api('GET', '/users/protected/all', { token: token('admin') });
      expect(answer.status).toBe(200);
      // The three accounts, the ones registered above (lucia, texto, nivel) and these twelve.
      expect(answer.body).toHaveLength(3 + 3 + 12);
      return answer.body as Json[];
    });
    expect(new Set(all.map((user) => user.id)).size).toBe(all.length);
    expect(all.map((user) => user.email)).toEqual(expect.arrayContaining(['admin@example.com', 'lucia@example.com', 'persona11@example.com']));

    const sorted = await stack.api('GET', '/users/protected/all?filter=persona&sort=name:desc', { token: token('admin') });
    expect(sorted.body.map((user: Json) => user.name)).toEqual(Array.from({ length: 12 }, (_, index) => `Persona${String.fromCharCode(65 + 11 - index)}`));
    expect((await stack.api('GET', '/users/protected/all', { token: token('seller') })).status).toBe(403);
  });
});

describe('dates of userPurchases and the dashboard', () => {
  const today = new Date().toISOString().slice(0, 10);
  const [year, month, day] = today.split('-');

  it.each([
    ['yyyy-MM-dd', `2020-01-01/${today}`],
    ['dd-MM-yyyy', `01-01-2020/${day}-${month}-${year}`],
    ['dd/MM/yyyy (encoded)', `01%2F01%2F2020/${day}%2F${month}%2F${year}`],
  ])('accepts %s', async (_format, range) => {
    const purchases = await stack.api('GET', `/opportunity/protected/userPurchases/${range}`, { token: token('admin') });
    expect(purchases.status).toBe(200);
    expect(Array.isArray(purchases.body)).toBe(true);
    const dashboard = await stack.api('GET', `/dashboard/protected/${range.replace('2020', year!)}`, { token: token('admin') });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.periodData).toMatchObject({ from: `${year}-01-01`, to: today });
  });

  it.each([
    ['userPurchases', '/opportunity/protected/userPurchases'],
    ['the dashboard', '/dashboard/protected'],
  ])('%s names the bad argument and the expected format, in both languages', async (_name, base) => {
    const english = await stack.api('GET', `${base}/2026-01-01/tomorrow`, { token: token('admin'), language: 'en' });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      code: 'VALIDATION',
      message: 'endDate: enter a date as yyyy-MM-dd (2026-03-31) or dd-MM-yyyy (31-03-2026).',
      fields: { endDate: { messageKey: 'invalidDateArgument', message: 'endDate: enter a date as yyyy-MM-dd (2026-03-31) or dd-MM-yyyy (31-03-2026).' } },
    });
    const spanish = await stack.api('GET', `${base}/2026-02-30/2026-03-01`, { token: token('admin') });
    expect(spanish.status).toBe(400);
    expect(spanish.body.message).toBe('startDate: ingrese una fecha como aaaa-MM-dd (2026-03-31) o dd-MM-aaaa (31-03-2026).');
  });
});
