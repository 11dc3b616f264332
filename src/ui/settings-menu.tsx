/**
 * The settings button of the app bar and the sign-in screens: a gear that opens the theme and language choices.
 *
 * Why it is split: the menu (Chakra Menu: Zag's menu machine, floating-ui, dismissable layers) costs about 30 kB gzip,
 * which the login and kiosk screens cannot afford before their first paint (DESIGN section 8: 170 kB). This module
 * renders only the gear button, starts fetching `settings-menu-full.tsx` when a pointer comes over it or it takes
 * focus, and swaps the real menu in, already open, when it is activated. Once the code is there (the service worker
 * precaches it, so also offline), every settings button renders the real menu directly.
 *
 * The stand-in behaves like the menu's trigger: same name, `aria-haspopup`, and the same keys (Enter, Space and
 * ArrowDown open on the first item, ArrowUp on the last), so a keyboard or screen reader user cannot tell.
 */
import { Button, IconButton } from '@chakra-ui/react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo, InitialHighlight } from './settings-menu-full';

export type { AccountInfo } from './settings-menu-full';

type MenuModule = typeof import('./settings-menu-full');

let loadedMenu: MenuModule | null = null;
let menuLoading: Promise<MenuModule> | null = null;

/** Fetches the real menu once (again after a failure); resolves with its module. */
export function loadSettingsMenu(): Promise<MenuModule> {
  menuLoading ??= import('./settings-menu-full').then(
    (module) => {
      loadedMenu = module;
      return module;
    },
    (error: unknown) => {
      menuLoading = null;
      throw error;
    },
  );
  return menuLoading;
}

/** Keys that open the menu from its trigger, and the item each one highlights (as Zag's menu trigger does). */
const OPENING_KEYS: Readonly<Record<string, InitialHighlight>> = {
  Enter: 'first',
  ' ': 'first',
  ArrowDown: 'first',
  ArrowUp: 'last',
};

/** A cog drawn from two rings (no icon library is installed): 8 teeth from a dashed stroke around a solid hub. */
function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor">
        <circle cx="12" cy="12" r="8.5" strokeWidth="3" strokeDasharray="3.34 3.34" />
        <circle cx="12" cy="12" r="5.5" strokeWidth="3" />
      </g>
    </svg>
  );
}

/** A person's head and shoulders, for the account menu's button. */
function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false" fill="currentColor">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5z" />
    </svg>
  );
}

interface Opening {
  highlight: InitialHighlight;
}

type TriggerProps = Omit<Parameters<typeof IconButton>[0], 'children'>;

/** The menu's button: a gear, or for a signed-in person their icon and (from md) their name. */
function Trigger({ account, ...props }: TriggerProps & { account?: AccountInfo }) {
  if (!account) {
    return (
      <IconButton variant="ghost" color="inherit" {...props}>
        <GearIcon />
      </IconButton>
    );
  }
  return (
    <Button variant="ghost" color="inherit" px={{ base: '2', md: '3' }} minW="11" {...props}>
      <PersonIcon />
      <span className="account-name">{account.name}</span>
    </Button>
  );
}

/**
 * A gear button that opens the theme and language choices (both remembered on this device); for a signed-in person,
 * the account menu: the same choices with their name and "Log out…".
 */
export function SettingsMenu({ account }: { account?: AccountInfo } = {}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<MenuModule | null>(() => loadedMenu);
  // How the person asked for the menu before its code was there; it then mounts open the same way.
  const [opening, setOpening] = useState<Opening | null>(null);
  const label = account ? t('account.menu', { name: account.name }) : t('settings.title');
  const nameStyle = { '& .account-name': { display: { base: 'none', md: 'inline' } } };

  if (menu) {
    return (
      <menu.FullSettingsMenu
        trigger={<Trigger account={account} aria-label={label} css={nameStyle} />}
        account={account}
        defaultOpen={opening !== null}
        initialHighlight={opening?.highlight ?? null}
      />
    );
  }

  const open = (highlight: InitialHighlight) => {
    if (opening) return;
    setOpening({ highlight });
    if (loadedMenu) {
      setMenu(loadedMenu);
      return;
    }
    loadSettingsMenu().then(setMenu, (error: unknown) => {
      setOpening(null);
      console.error('The settings menu could not be loaded; try again.', error);
    });
  };
  const prefetch = () => {
    loadSettingsMenu().catch(() => {
      // Reported when the person actually opens the menu.
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const highlight = OPENING_KEYS[event.key];
    if (highlight === undefined) return;
    event.preventDefault();
    open(highlight);
  };

  return (
    <Trigger
      account={account}
      aria-label={label}
      css={nameStyle}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={opening !== null || undefined}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => open(null)}
      onKeyDown={onKeyDown}
    />
  );
}
