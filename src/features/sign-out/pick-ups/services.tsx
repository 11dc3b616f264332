/**
 * What the pick-up adult and badge screens take from the rest of the app, behind one small interface: the device's
 * photo store (faces without a request, offline too), the photo download for one the device lacks, the photo resize before upload, and the sync
 * engine's "sync now", so a saved adult and its photo reach this device's snapshot at once. The default is the app's
 * database and engine; tests give their own.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { createPhotoCache, offlineDb, syncEngine } from '../../../offline';
import { resizePhoto } from '../../../ui/photo/resize-photo';
import { getPhoto } from '../api/pick-ups-resource';

export interface PickUpServices {
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  useLocalPhoto(photoId: string | null): Blob | null | undefined;
  fetchPhoto(photoId: string, signal?: AbortSignal): Promise<Blob>;
  /** Makes a chosen or captured picture ready for upload (smaller, JPEG): `resizePhoto` in the app. */
  preparePhoto(file: Blob): Promise<Blob>;
  /** Brings the device's snapshot up to date now (or asks the tab that syncs to). */
  syncNow(): Promise<void>;
}

let appServices: PickUpServices | null = null;

/** The app's services, made on first use so importing this file opens no database. */
function defaultServices(): PickUpServices {
  appServices ??= {
    useLocalPhoto: createPhotoCache(offlineDb).usePhoto,
    fetchPhoto: getPhoto,
    preparePhoto: (file) => resizePhoto(file),
    syncNow: () => syncEngine.syncNow(),
  };
  return appServices;
}

const ServicesContext = createContext<PickUpServices | null>(null);

/** Gives the screens below other services (tests). */
export function PickUpServicesProvider({ services, children }: { services: PickUpServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services the screens work with. */
export function usePickUpServices(): PickUpServices {
  return useContext(ServicesContext) ?? defaultServices();
}
