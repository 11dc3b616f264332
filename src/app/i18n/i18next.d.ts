/**
 * Typed translation keys: `t('sections.checkIn')` and `t('auth:signIn')` are checked against the English files, so a
 * renamed or missing key fails the typecheck instead of showing a raw key on a kiosk.
 */
import 'i18next';
import type { enResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof enResources;
  }
}
