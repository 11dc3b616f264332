/**
 * Public surface of the theme: import from `src/app/theme`, not from its files, so they can move.
 */
export { AppThemeProvider } from './app-theme-provider';
export {
  applyStoredColorMode,
  COLOR_MODE_STORAGE_KEY,
  type ColorMode,
  ColorModeProvider,
  type ColorModeState,
  type ResolvedColorMode,
  useColorMode,
} from './color-mode';
