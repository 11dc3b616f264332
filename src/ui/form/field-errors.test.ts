import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import enCommon from '../../../locales/en/common.json';
import { ApiError } from '../../api/client';
import { MESSAGES } from '../../contract/errors';
import { RoleCreateSchema } from '../../contract/roles';
import {
  FORM_ERROR_FIELD,
  FORM_INCOMPLETE_KEY,
  fieldErrorsFromApi,
  fieldErrorsFromZod,
  pickFieldErrors,
  toFieldErrors,
} from './field-errors';

describe('fieldErrorsFromZod', () => {
  it('gives the contract message of an empty required field', () => {
    const result = RoleCreateSchema.safeParse({ name: '   ' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({ name: MESSAGES.required });
  });

  it('keeps the first message of each field and names nested fields with dots', () => {
    const schema = z.object({
      name: z
        .string()
        .min(3, 'Too short.')
        .regex(/^[A-Z]/, 'Starts with a capital.'),
      tags: z.array(z.string().min(1, 'Empty tag.')),
    });
    const result = schema.safeParse({ name: 'ab', tags: ['ok', ''] });
    if (result.success) throw new Error('expected a failure');
    expect(fieldErrorsFromZod(result.error)).toEqual({ name: 'Too short.', 'tags.1': 'Empty tag.' });
  });

  it('files errors of the whole object under the form key', () => {
    const schema = z.object({ a: z.string() }).refine(() => false, 'Never valid.');
    const result = schema.safeParse({ a: 'x' });
    if (result.success) throw new Error('expected a failure');
    expect(fieldErrorsFromZod(result.error)).toEqual({ [FORM_ERROR_FIELD]: 'Never valid.' });
  });

  it('translates the contract messages that have a key and leaves others alone', () => {
    const schema = z.object({ name: RoleCreateSchema.shape.name, other: z.string().min(2, 'Too short.') });
    const result = schema.safeParse({ name: '', other: 'x' });
    if (result.success) throw new Error('expected a failure');
    const errors = fieldErrorsFromZod(result.error, (key) => `[${key}]`);
    expect(errors).toEqual({ name: '[form.required]', other: 'Too short.' });
  });
});

describe('fieldErrorsFromApi', () => {
  it('takes the first message of each field of a 422 answer', () => {
    const error = new ApiError('Invalid', 422, { name: ['A role with this name exists.', 'Second.'], empty: [] });
    expect(fieldErrorsFromApi(error)).toEqual({ name: 'A role with this name exists.' });
  });
});

describe('toFieldErrors', () => {
  it('accepts either source and nothing else', () => {
    const zodResult = z.object({ email: z.email(MESSAGES.invalidEmail) }).safeParse({ email: 'nope' });
    if (zodResult.success) throw new Error('expected a failure');
    expect(toFieldErrors(zodResult.error)).toEqual({ email: MESSAGES.invalidEmail });
    expect(toFieldErrors(new ApiError('x', 422, { email: ['Taken.'] }))).toEqual({ email: 'Taken.' });
    expect(toFieldErrors(new Error('boom'))).toEqual({});
    expect(toFieldErrors(null)).toEqual({});
  });
});

describe('pickFieldErrors', () => {
  it('keeps only the fields a form shows', () => {
    expect(pickFieldErrors({ name: 'Bad.', roles: 'Last admin.' }, ['name', 'description'])).toEqual({ name: 'Bad.' });
  });
});

describe('FORM_INCOMPLETE_KEY', () => {
  it('names the English form-level message of the contract', () => {
    expect(enCommon.form.incomplete).toBe(MESSAGES.formIncomplete);
    expect(FORM_INCOMPLETE_KEY).toBe('form.incomplete');
  });
});
