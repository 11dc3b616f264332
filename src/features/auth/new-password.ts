/** The set-password form's own checks, before anything is sent: the contract's length, and the two fields the same. */
import { PASSWORD_MIN_LENGTH } from '../../contract/common';

export interface NewPasswordFields {
  password: string;
  confirm: string;
}
export type NewPasswordErrors = Partial<Record<keyof NewPasswordFields, string>>;

/** Answers the i18n keys of what is wrong with each field. */
export function validateNewPassword({ password, confirm }: NewPasswordFields): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'common:form.required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'auth:setPassword.tooShort';
  if (!confirm) errors.confirm = 'common:form.required';
  else if (password && confirm !== password) errors.confirm = 'auth:setPassword.mismatch';
  return errors;
}
