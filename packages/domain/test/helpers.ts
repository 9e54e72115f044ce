import type { z } from 'zod';
import { validate, type FieldErrors } from '../src/index';

/** The field errors of an input that must be refused. */
export function errorsOf(schema: z.ZodType, input: unknown): FieldErrors {
  const result = validate(schema, input);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.data)}`);
  return result.errors;
}

/** The output of an input that must be accepted. */
export function dataOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

export const goodPhone = { phone: '8888-8888', phoneType: 'WHATSAPP' };
export const goodLocation = { province: '1', canton: '101', district: '10101' };
export const strongPassword = 'Guanacaste#2024';
