/**
 * The bottom bar's "More" menu: its code (the menu's machine and positioning, about 30 kB) loads a
 * few seconds after the portal's first screen, or at the first tap on "More", not on a phone's first visit.
 */
import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { EntryIcon, iconOf } from './entry-icon';
import { entryOf, type NavEntry } from './portal-entries';

export interface MoreMenuProps {
  more: readonly NavEntry[];
  /** The current path, without a trailing slash. */
  current: string;
  /** The "More" button. */
  trigger: ReactElement;
  /** Open at once (the person tapped "More" before the menu's code was here). */
  defaultOpen?: boolean;
}

/** The menu of the entries the bar has no room for. */
export default function MoreMenu({ more, current, trigger, defaultOpen }: MoreMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'top-end' }} defaultOpen={defaultOpen} onSelect={(d) => navigate(d.value)}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {more.map((e) => (
              <Menu.Item key={e.to} value={e.to} py="2.5" aria-current={e.to === current ? 'page' : undefined}>
                <EntryIcon entry={iconOf(e.path, entryOf(e.path))} size={20} />
                {e.title}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
