/**
 * A listed record's Edit and Delete, for those who may: each named with what it acts on ("Edit Winter break, Mon, Dec
 * 21, 2026 – Fri, Jan 1, 2027"), the visible word first, so a voice user can say what they see. The section's words
 * on the shared `RowActions`.
 */
import { useTranslation } from 'react-i18next';
import { RowActions as SharedRowActions } from '../../../ui/timekeeping/row-actions';

export interface RowActionsProps {
  /** What the record is, for the buttons' names. */
  what: string;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}

export function RowActions({ what, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'rows' });
  return (
    <SharedRowActions words={(word) => t(word, { what })} onEdit={onEdit} onDelete={onDelete} pt="2" wrap="wrap" />
  );
}
