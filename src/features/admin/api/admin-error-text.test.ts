import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR, SERVER_ERROR } from '../../../api/client';
import { adminErrorText, isLastAdministratorError } from './admin-error-text';

const t = ((key: string) => `[${key}]`) as unknown as TFunction<'admin'>;
const lastAdmin = new ApiError('The last administrator cannot lose the right to administer.', 422, {
  roles: ['The last administrator cannot lose the right to administer.'],
});

describe('adminErrorText', () => {
  it('has its own words for no connection and for the last-administrator guard', () => {
    expect(adminErrorText(new ApiError(NETWORK_ERROR, 0), t)).toBe('[needsConnection]');
    expect(adminErrorText(lastAdmin, t)).toBe('[lastAdministrator]');
    expect(isLastAdministratorError(lastAdmin)).toBe(true);
  });

  it('passes other refusals through and never shows a raw exception', () => {
    const duplicate = new ApiError('A role with this name exists.', 422, { name: ['A role with this name exists.'] });
    expect(isLastAdministratorError(duplicate)).toBe(false);
    expect(adminErrorText(duplicate, t)).toBe('A role with this name exists.');
    expect(adminErrorText(new TypeError('x is undefined'), t)).toBe(SERVER_ERROR);
  });
});
