/**
 * The one provider main.tsx needs for styling: Chakra with our system, plus our colour-mode provider.
 *
 * Kept apart from `system.ts` so that tests and stories can render with the same theme without React context
 * boilerplate, and so the order (colour mode outside Chakra) is decided in one place.
 */
import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { styleNonce } from '../../ui/theme/style-nonce';
import { system } from '../../ui/theme/system';
import { AppDeviceSettings } from '../device-settings';
import { ColorModeProvider } from './color-mode';

/** Emotion's style cache with the page's nonce (style-nonce.ts), made once for the page. */
let styleCache: ReturnType<typeof createCache> | null = null;
const cacheOfPage = () => {
  styleCache ??= createCache({ key: 'css', nonce: styleNonce() });
  return styleCache;
};

/** Wraps the app in Chakra UI (school theme), the light/dark/system colour mode and the device's settings for `src/ui`. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={cacheOfPage()}>
      <ColorModeProvider>
        <AppDeviceSettings>
          <ChakraProvider value={system}>{children}</ChakraProvider>
        </AppDeviceSettings>
      </ColorModeProvider>
    </CacheProvider>
  );
}
