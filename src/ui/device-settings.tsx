/**
 * What a device remembers for whoever uses it, as the shared components read and change it: the colour theme and
 * the language. The colour mode belongs to the app (`src/app/theme`), a floor above this one, so the app provides it
 * here (`AppThemeProvider` mounts `src/app/device-settings.tsx`) and nothing under `src/ui` imports `src/app`; the
 * language (`src/ui/language.ts`) comes the same way, so a component reads both from one place.
 */
import { createContext, useContext } from 'react';
import type { Language } from '../contract';

export type { Language } from '../contract';

/** The theme a person may choose: light, dark, or whatever the device's system says. */
export type ColorMode = 'light' | 'dark' | 'system';

export interface DeviceSettings {
  colorMode: ColorMode;
  /** Applies the theme and remembers it on this device. */
  setColorMode: (mode: ColorMode) => void;
  /** Narrows a language i18next reports (`resolvedLanguage`) to one the app has, English when unknown. */
  toLanguage: (value: string | null | undefined) => Language;
  /** Switches the app's language and remembers it on this device. */
  setLanguage: (language: Language) => Promise<void>;
}

const DeviceSettingsContext = createContext<DeviceSettings | null>(null);

export const DeviceSettingsProvider = DeviceSettingsContext.Provider;

/** The device's settings; the app's `AppThemeProvider` provides them. */
export function useDeviceSettings(): DeviceSettings {
  const value = useContext(DeviceSettingsContext);
  if (!value) throw new Error('useDeviceSettings() needs the app to provide them (AppThemeProvider does).');
  return value;
}
