import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SavedStatus, type SavedStatusProps, UNDO_WINDOW_MS } from './saved-status';

const props = (extra: Partial<SavedStatusProps> = {}): SavedStatusProps => ({
  text: 'Saved the permissions of Cafeteria.',
  isError: false,
  canUndo: true,
  busy: false,
  onUndo: vi.fn(),
  onExpire: vi.fn(),
  ...extra,
});

beforeEach(async () => {
  // i18n loads before the clock is faked; only the status's own timer is faked.
  await renderWithProviders(<span />);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SavedStatus', () => {
  it('offers the Undo for ten seconds, then goes', async () => {
    const shown = props();
    await renderWithProviders(<SavedStatus {...shown} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(shown.onUndo).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(shown.onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(shown.onExpire).toHaveBeenCalledOnce();
    expect(UNDO_WINDOW_MS).toBe(10_000);
  });

  it('stays while its Undo is on its way, and counts again from the new text', async () => {
    const onExpire = vi.fn();
    function Harness() {
      const [undone, setUndone] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setUndone(true)}>
            answered
          </button>
          <SavedStatus
            {...props({ onExpire })}
            busy={!undone}
            canUndo={!undone}
            text={undone ? 'The permissions are back as they were.' : 'Saved the permissions of Cafeteria.'}
          />
        </>
      );
    }
    await renderWithProviders(<Harness />);
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS * 2));
    expect(onExpire).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'answered' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onExpire).toHaveBeenCalledOnce();
  });
});
