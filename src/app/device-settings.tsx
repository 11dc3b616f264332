/**
 * The app's side of `src/ui/device-settings.tsx`: the theme from the colour-mode provider and the language from
 * i18n, handed to the shared components below the app's floor.
 */
import { type ReactNode, useMemo } from 'react';
import { type DeviceSettings, DeviceSettingsProvider } from '../ui/device-settings';
import { setLanguage, toLanguage } from '../ui/language';
import { useColorMode } from './theme/color-mode';

/** Provides the device's settings; it sits inside the colour-mode provider (AppThemeProvider puts it there). */
export function AppDeviceSettings({ children }: { children: ReactNode }) {
  const { mode, setMode } = useColorMode();
  const settings = useMemo<DeviceSettings>(
    () => ({ colorMode: mode, setColorMode: setMode, toLanguage, setLanguage }),
    [mode, setMode],
  );
  return <DeviceSettingsProvider value={settings}>{children}</DeviceSettingsProvider>;
}
