/**
 * The app's side of the theme: its provider and the colour mode; import from `src/app/theme`, not from its files, so
 * they can move. The Chakra system, its later recipes and the style nonce are a floor below, in `src/ui/theme`, where
 * the shared components and the features read them too.
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
