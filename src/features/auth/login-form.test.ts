import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { loginErrorKey, validateLogin } from './login-form';

describe('login form', () => {
  it('says which field is wrong', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'common:form.required',
      password: 'common:form.required',
    });
    expect(validateLogin({ email: 'not-an-email', password: 'x' })).toEqual({ email: 'common:form.invalidEmail' });
    expect(validateLogin({ email: ' office@demo.school ', password: 'x' })).toEqual({});
  });

  it('maps the server answer to the specification messages', () => {
    expect(loginErrorKey(new ApiError('Username or password is incorrect.', 401))).toBe('auth:loginFailed');
    expect(loginErrorKey(new ApiError('x', 500))).toBe('errors:serverError');
    expect(loginErrorKey(new ApiError('x', 503))).toBe('errors:serverError');
    expect(loginErrorKey(new ApiError('x', 429))).toBe('errors:rateLimited');
    expect(loginErrorKey(new ApiError('x', 0))).toBe('auth:offline');
    expect(loginErrorKey(new Error('boom'))).toBe('errors:serverError');
  });
});
