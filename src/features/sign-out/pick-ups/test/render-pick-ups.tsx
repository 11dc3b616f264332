/**
 * Renders a pick-up or badge screen with the app's providers and test services: no device photos (the server's
 * are used), a recorded "sync now", and a photo "resize" that answers a small JPEG (jsdom has no canvas; the real
 * resize has its own tests).
 */

import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { type RenderWithProvidersOptions, renderWithProviders } from '../../../../test/render-with-providers';
import { getPhoto } from '../../api/pick-ups-resource';
import { type PickUpServices, PickUpServicesProvider } from '../services';

/** The services a test gives the screens, with spies. */
export function testServices(local: Map<string, Blob> = new Map()) {
  return {
    useLocalPhoto: (id: string | null) => (id ? (local.get(id) ?? null) : null),
    fetchPhoto: getPhoto,
    preparePhoto: vi.fn(
      async (file: Blob) => new File([new Uint8Array(Math.min(file.size, 64))], 'photo.jpg', { type: 'image/jpeg' }),
    ),
    syncNow: vi.fn(async () => undefined),
  } satisfies PickUpServices;
}

/** Renders `ui` inside the services. */
export function renderPickUps(ui: ReactElement, services: PickUpServices, options?: RenderWithProvidersOptions) {
  return renderWithProviders(<PickUpServicesProvider services={services}>{ui}</PickUpServicesProvider>, options);
}
