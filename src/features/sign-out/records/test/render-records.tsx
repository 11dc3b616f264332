/** Renders View Records like `renderWithProviders`, then waits for the `sign-out-records` texts. */
import { waitFor } from '@testing-library/react';
import { getI18n } from 'react-i18next';
import { type RenderWithProvidersOptions, renderWithProviders } from '../../../../test/render-with-providers';
import SignOutRecordsPage from '../records-page';

export const VIEW = ['check_ins-create', 'check_ins-view_any'];
export const VIEW_WITH_ADULTS = [...VIEW, 'authorized_pick_ups-view_any'];

/** Renders the screen with these permissions at `route`, its texts loaded. */
export async function renderRecords(
  permissions: readonly string[] = VIEW_WITH_ADULTS,
  route = '/sign-out/view-records',
  options: Omit<RenderWithProvidersOptions, 'route'> = {},
) {
  const view = await renderWithProviders(<SignOutRecordsPage permissions={permissions} />, { ...options, route });
  await waitFor(() => {
    if (!getI18n().hasLoadedNamespace('sign-out-records')) throw new Error('sign-out-records texts not loaded yet');
  });
  return view;
}
