import { describe, expect, it } from 'vitest';
import {
  adminUserEditSchema,
  forgotPasswordSchema,
  impersonalRegistrationSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetSchema,
  profileUpdateSchema,
  registrationSchema,
} from '../src/index';
import { dataOf, errorsOf, goodLocation, goodPhone, strongPassword } from './helpers';

const person = {
  userType: 'PERSON',
  name: 'María José',
  lastName: 'Núñez',
  lastName2: 'Solís',
  phoneList: [goodPhone],
  ...goodLocation,
};

const registration = {
  ...person,
  email: 'maria@correo.cr',
  password: strongPassword,
  passwordConfirm: strongPassword,
  agreement: true,
};

describe('registration', () => {
  it('accepts a complete person and defaults the language to Spanish', () => {
    const data = dataOf(registrationSchema, { ...registration, merchantName: 'ignored' });
    expect(data.language).toBe('es');
    expect(data.merchantName).toBe('');
    expect(data.phoneList).toEqual([{ phone: '88888888', phoneType: 'WHATSAPP' }]);
  });

  it('names every problem with its spec key at once', () => {
    expect(
      errorsOf(registrationSchema, {
        ...registration,
        userType: 'ALIEN',
        name: 'J',
        email: 'maria@correo',
        passwordConfirm: 'other',
        phoneList: [],
        agreement: false,
      }),
    ).toEqual({
      userType: 'invalidUserType',
      name: 'invalidNameUser',
      email: 'invalidEmail',
      passwordConfirm: 'invalidPasswordConfirm',
      phoneList: 'atLeastOnePhone',
      agreement: 'agreementNotChecked',
    });
  });

  it('requires a business name for merchants', () => {
    const merchant = { ...registration, userType: 'CARS_SELLER_MERCHANT' };
    expect(errorsOf(registrationSchema, merchant)).toEqual({ merchantName: 'invalidMerchantNameUser' });
    expect(dataOf(registrationSchema, { ...merchant, merchantName: 'Autos 2000 S.A.' }).merchantName).toBe('Autos 2000 S.A.');
  });

  it('refuses weak and malformed passwords', () => {
    expect(errorsOf(registrationSchema, { ...registration, password: 'password1', passwordConfirm: 'password1' })).toEqual({
      password: 'weakPassword',
    });
    expect(errorsOf(registrationSchema, { ...registration, password: ' short', passwordConfirm: ' short' })).toEqual({
      password: 'invalidPassword',
    });
  });

  it('checks the surnames and the phones', () => {
    expect(errorsOf(registrationSchema, { ...registration, lastName: '' })).toEqual({ lastName: 'invalidLastNameUser' });
    expect(errorsOf(registrationSchema, { ...registration, lastName2: 'S' })).toEqual({ lastName2: 'invalidLastName2User' });
    expect(dataOf(registrationSchema, { ...registration, lastName2: undefined }).lastName2).toBe('');
    expect(errorsOf(registrationSchema, { ...registration, phoneList: [{ phone: '888' }] })).toEqual({
      'phoneList.0.phone': 'invalidPhone',
    });
  });

  it('requires existing and consistent location codes', () => {
    expect(errorsOf(registrationSchema, { ...registration, province: '9' })).toEqual({ province: 'invalidProvince' });
    expect(errorsOf(registrationSchema, { ...registration, canton: '201' })).toEqual({ canton: 'invalidCanton' });
    expect(errorsOf(registrationSchema, { ...registration, district: '10201' })).toEqual({ district: 'invalidDistrict' });
    expect(errorsOf(registrationSchema, { ...registration, district: '' })).toEqual({ district: 'invalidDistrict' });
  });
});

describe('login and password recovery', () => {
  it('login needs a valid e-mail and a password', () => {
    expect(dataOf(loginSchema, { email: 'A@b.cr', password: 'x' })).toEqual({ email: 'a@b.cr', password: 'x' });
    expect(errorsOf(loginSchema, { email: 'a@b', password: '' })).toEqual({
      email: 'invalidEmail',
      password: 'invalidPassword',
    });
  });

  it('forgot password needs a valid e-mail', () => {
    expect(dataOf(forgotPasswordSchema, { email: 'a@b.cr' }).email).toBe('a@b.cr');
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: 'invalidEmail' });
  });

  it('a reset needs the token and a matching new password', () => {
    const reset = { token: 'abc', password: strongPassword, passwordConfirm: strongPassword };
    expect(dataOf(passwordResetSchema, reset).password).toBe(strongPassword);
    expect(errorsOf(passwordResetSchema, { ...reset, token: '', passwordConfirm: 'x' })).toEqual({
      token: 'resetLinkInvalid',
      passwordConfirm: 'invalidPasswordConfirm',
    });
  });

  it('a change needs a new password that differs from the current one', () => {
    const change = { currentPassword: 'Old#Pass2020', password: strongPassword, passwordConfirm: strongPassword };
    expect(dataOf(passwordChangeSchema, change).password).toBe(strongPassword);
    expect(errorsOf(passwordChangeSchema, { ...change, currentPassword: strongPassword })).toEqual({
      password: 'samePassword',
    });
    expect(errorsOf(passwordChangeSchema, { ...change, currentPassword: '' })).toEqual({ currentPassword: 'required' });
  });
});

describe('profile update', () => {
  const profile = { ...person, truthDeclaration: true };

  it('needs the truth declaration and ignores the read-only e-mail', () => {
    const data = dataOf(profileUpdateSchema, { ...profile, email: 'other@correo.cr' });
    expect(data).not.toHaveProperty('email');
    expect(errorsOf(profileUpdateSchema, { ...profile, truthDeclaration: false })).toEqual({
      truthDeclaration: 'agreementNotChecked',
    });
  });

  it('checks a new password only when one is given', () => {
    expect(dataOf(profileUpdateSchema, { ...profile, newPassword: '' }).newPassword).toBe('');
    expect(errorsOf(profileUpdateSchema, { ...profile, newPassword: strongPassword, newPasswordConfirm: 'x' })).toEqual({
      currentPassword: 'required',
      newPasswordConfirm: 'invalidPasswordConfirm',
    });
    expect(
      errorsOf(profileUpdateSchema, {
        ...profile,
        currentPassword: strongPassword,
        newPassword: strongPassword,
        newPasswordConfirm: strongPassword,
      }),
    ).toEqual({ newPassword: 'samePassword' });
    expect(
      errorsOf(profileUpdateSchema, {
        ...profile,
        currentPassword: 'Old#Pass2020',
        newPassword: 'password',
        newPasswordConfirm: 'password',
      }),
    ).toEqual({ newPassword: 'weakPassword' });
  });
});

describe('admin user edit', () => {
  const edit = { ...person, email: 'maria@correo.cr', role: 'TESTUSER', idType: 'NATIONAL_ID', identification: '1-0234-0567' };

  it('accepts a full edit', () => {
    expect(dataOf(adminUserEditSchema, edit).role).toBe('TESTUSER');
  });

  it('checks role, e-mail, identification and language', () => {
    expect(errorsOf(adminUserEditSchema, { ...edit, role: 'ROOT', email: 'x', identification: 'a b', language: 'fr' })).toEqual({
      role: 'invalidRole',
      email: 'invalidEmail',
      identification: 'invalidIdentification',
      language: 'invalidLanguage',
    });
  });
});

describe('impersonal registration', () => {
  const body = { user: { ...person, email: 'maria@correo.cr' }, plan: { planLevel: 'SILVER', totalOpportunities: '3' } };

  it('forces the role to ADVERTISER and reads the promotional ads', () => {
    const data = dataOf(impersonalRegistrationSchema, { ...body, user: { ...body.user, role: 'ADMINISTRATOR' } });
    expect(data.user.role).toBe('ADVERTISER');
    expect(data.plan).toEqual({ planLevel: 'SILVER', totalOpportunities: 3 });
    expect(dataOf(impersonalRegistrationSchema, { ...body, plan: {} }).plan).toEqual({
      planLevel: 'GOLD',
      totalOpportunities: 0,
    });
  });

  it('refuses negative or non-numeric promotional ads and free plans', () => {
    expect(errorsOf(impersonalRegistrationSchema, { ...body, plan: { totalOpportunities: -1 } })).toEqual({
      'plan.totalOpportunities': 'invalidPromotionalAds',
    });
    expect(errorsOf(impersonalRegistrationSchema, { ...body, plan: { totalOpportunities: 'ten' } })).toEqual({
      'plan.totalOpportunities': 'invalidPromotionalAds',
    });
    expect(errorsOf(impersonalRegistrationSchema, { ...body, plan: { planLevel: 'FREE' } })).toEqual({
      'plan.planLevel': 'invalidPlanLevel',
    });
  });
});
