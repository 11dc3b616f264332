/**
 * The line that follows a permission save: "Saved the permissions of Front Office." with an Undo.
 * It lives on the page rather than in a toast because the app's notifications carry no action; it goes away by itself
 * after `UNDO_WINDOW_MS`, but never while its Undo is on its way.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStableCallback } from '../../../ui/use-stable-callback';

/** How long the "Saved" line and its Undo stay on the page. */
export const UNDO_WINDOW_MS = 10_000;

export interface SavedStatusProps {
  text: string;
  isError: boolean;
  /** False once the save has been undone. */
  canUndo: boolean;
  busy: boolean;
  onUndo: () => void;
  /** Called when the line has been shown for `UNDO_WINDOW_MS` (counted again when its text changes). */
  onExpire: () => void;
}

/** The "Saved" line with its Undo. */
export function SavedStatus({ text, isError, canUndo, busy, onUndo, onExpire }: SavedStatusProps) {
  const { t } = useTranslation('admin');
  const expire = useStableCallback(onExpire);
  // `text` among the dependencies: a new text (saved, undone, undo failed) starts the time again.
  useEffect(() => {
    if (busy) return;
    const timer = setTimeout(expire, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [text, busy, expire]);

  return (
    <Alert.Root status={isError ? 'error' : 'success'} role="status" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{text}</Alert.Title>
      {canUndo && (
        <Button size="sm" variant="outline" minH="11" loading={busy} onClick={onUndo}>
          {t('changes.undo')}
        </Button>
      )}
    </Alert.Root>
  );
}
