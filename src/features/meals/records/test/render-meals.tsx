/**
 * Renders a meal screen like `renderWithProviders`, then waits for the `meal-records` texts: until the app's route
 * table lists the namespace, the screen's own `useTranslation` loads it, as the section's route would.
 */
import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { getI18n } from 'react-i18next';
import { type RenderWithProvidersOptions, renderWithProviders } from '../../../../test/render-with-providers';

/** Renders `ui` with the app's providers and the meal-records texts loaded. */
export async function renderMealsScreen(ui: ReactElement, options?: RenderWithProvidersOptions) {
  const view = await renderWithProviders(ui, options);
  await waitFor(() => {
    if (!getI18n().hasLoadedNamespace('meal-records')) throw new Error('meal-records texts not loaded yet');
  });
  return view;
}
