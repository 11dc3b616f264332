/**
 * The settings menu itself: theme (light, dark, system) and language (English, Español) as Chakra Menu radio groups;
 * for a signed-in person it is the account menu: their name above, "Log out…" below (ending the
 * session is "Log out", as the API calls it, inside this menu and behind a confirmation; "Sign out" is the pick-up).
 *
 * Loaded on demand by `settings-menu.tsx`: the Menu (Zag's menu machine, floating-ui positioning, dismissable layers)
 * is about 30 kB gzip that the login and kiosk screens would otherwise load before their first paint although the
 * menu is rarely opened (DESIGN section 8). Import it only through `loadSettingsMenu()` there.
 *
 * Both choices are per device, not per account: a kiosk or a shared cafeteria tablet keeps its setting whoever signs
 * in, so they live in localStorage (through the device settings the app provides, `useDeviceSettings`) rather than on
 * the server. Language names are written in their own language and marked with `lang`, so a screen reader pronounces
 * "Español" correctly from an English page.
 */
import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColorMode, type Language, useDeviceSettings } from './device-settings';
// The menu's recipe is not in the first chunk (the login screen shows only the menu's button).
import './theme/more-recipes';

const COLOR_MODES: readonly ColorMode[] = ['light', 'dark', 'system'];
const LANGUAGES: readonly { value: Language; label: 'settings.english' | 'settings.spanish' }[] = [
  { value: 'en', label: 'settings.english' },
  { value: 'es', label: 'settings.spanish' },
];

/** The items a keyboard opening highlights, as Zag's trigger does: the first (Enter, Space, ArrowDown) or the last. */
const EDGE_ITEMS = { first: COLOR_MODES[0], last: LANGUAGES[LANGUAGES.length - 1]?.value } as const;
const LOG_OUT = 'log-out';

/** Which item to highlight when the menu mounts open: none after a click, an edge item after a key. */
export type InitialHighlight = keyof typeof EDGE_ITEMS | null;

function isColorMode(value: string): value is ColorMode {
  return COLOR_MODES.some((mode) => mode === value);
}

/** The signed-in person, for the account menu: their name and the "Log out…" item. */
export interface AccountInfo {
  name: string;
  email?: string | null;
  /** Asks before ending the session (never a single tap). */
  onLogOut: () => void;
}

export interface FullSettingsMenuProps {
  /** The gear button; the menu adds its trigger props (ARIA, events) to it. */
  trigger: ReactElement;
  /** Signed in: the menu is the account menu, with the person's name and "Log out…" below the settings. */
  account?: AccountInfo;
  /** Mount open (the person already asked for the menu while its code was loading). */
  defaultOpen?: boolean;
  initialHighlight?: InitialHighlight;
}

/** The theme and language choices behind the gear button; both are remembered on this device. */
export function FullSettingsMenu({
  trigger,
  account,
  defaultOpen = false,
  initialHighlight = null,
}: FullSettingsMenuProps) {
  const { t, i18n } = useTranslation();
  const { colorMode: mode, setColorMode: setMode, toLanguage, setLanguage } = useDeviceSettings();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const edges = account ? { ...EDGE_ITEMS, last: LOG_OUT } : EDGE_ITEMS;
  const highlighted = initialHighlight ? edges[initialHighlight] : undefined;

  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      defaultHighlightedValue={highlighted}
      onSelect={({ value }) => {
        if (value === LOG_OUT) account?.onLogOut();
      }}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            {account && (
              <>
                <Box px="2" py="1.5">
                  <Text fontWeight="semibold">{account.name}</Text>
                  {account.email && (
                    <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                      {account.email}
                    </Text>
                  )}
                </Box>
                <Menu.Separator />
              </>
            )}
            <Menu.RadioItemGroup
              value={mode}
              onValueChange={({ value }) => {
                if (isColorMode(value)) setMode(value);
              }}
            >
              <Menu.ItemGroupLabel>{t('settings.theme')}</Menu.ItemGroupLabel>
              {COLOR_MODES.map((value) => (
                <Menu.RadioItem key={value} value={value}>
                  {t(`settings.${value}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={language}
              onValueChange={({ value }) => {
                void setLanguage(toLanguage(value));
              }}
            >
              <Menu.ItemGroupLabel>{t('settings.language')}</Menu.ItemGroupLabel>
              {LANGUAGES.map(({ value, label }) => (
                <Menu.RadioItem key={value} value={value} lang={value}>
                  {t(label)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            {account && (
              <>
                <Menu.Separator />
                <Menu.Item value={LOG_OUT}>{t('account.logOut')}</Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
