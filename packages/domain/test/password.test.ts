import { describe, expect, it } from 'vitest';
import { isValidPassword, newPasswordSchema, passwordSchema, passwordStrength, passwordStrengthName } from '../src/index';

describe('password rule', () => {
  it('takes 8 to 64 printable characters, inner spaces and accents included', () => {
    expect(isValidPassword('12345678')).toBe(true);
    expect(isValidPassword('contraseña con espacios')).toBe(true);
    expect(isValidPassword('a'.repeat(64))).toBe(true);
    expect(isValidPassword('ñ'.repeat(64))).toBe(true);
  });

  it('refuses short, long, padded or non-printable passwords', () => {
    for (const bad of ['1234567', 'a'.repeat(65), ' abcdefgh', 'abcdefgh ', 'abc\tdefgh', 'abcd\u0000efgh']) {
      expect(isValidPassword(bad), JSON.stringify(bad)).toBe(false);
      expect(passwordSchema.safeParse(bad).error?.issues[0]?.message).toBe('invalidPassword');
    }
  });
});

describe('password strength meter', () => {
  it('rates four levels', () => {
    expect(passwordStrength('abcdefgz')).toBe(0);
    expect(passwordStrength('abcdefg9')).toBe(1);
    expect(passwordStrength('Abcdefg9')).toBe(2);
    expect(passwordStrength('Abcdefg9!')).toBe(3);
    expect(passwordStrengthName('Abcdefg9!')).toBe('EXCELLENT');
  });

  it('rewards long passphrases', () => {
    expect(passwordStrength('tortuga verde del bosque')).toBe(3);
  });

  it('rates common passwords, their decorated forms and invalid ones as weak', () => {
    for (const weak of ['password', 'Password123!', 'qwertyuiop', '12345678', 'Contraseña2024', 'costarica1', 'aaaaaaaaaaaaaaaa', 'short']) {
      expect(passwordStrength(weak), weak).toBe(0);
    }
  });

  it('is what registration uses to refuse weak passwords', () => {
    expect(newPasswordSchema.safeParse('Password123!').error?.issues[0]?.message).toBe('weakPassword');
    expect(newPasswordSchema.safeParse('abcdefg9').success).toBe(true);
  });
});
