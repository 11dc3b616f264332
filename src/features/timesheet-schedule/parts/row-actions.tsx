/**
 * A listed record's Edit and Delete, for those who may: each named with what it acts on ("Edit Winter break, Mon, Dec
 * 21, 2026 – Fri, Jan 1, 2027"), the visible word first, so a voice user can say what they see.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** What the record is, for the buttons' names. */
  what: string;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}

export function RowActions({ what, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation('timesheet-schedule');
  if (!onEdit && !onDelete) return null;
  return (
    <HStack gap="2" pt="2" wrap="wrap">
      {onEdit && (
        <Button size="sm" variant="outline" minH="10" aria-label={t('rows.editLabel', { what })} onClick={onEdit}>
          {t('rows.edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          minH="10"
          aria-label={t('rows.deleteLabel', { what })}
          onClick={onDelete}
        >
          {t('rows.delete')}
        </Button>
      )}
    </HStack>
  );
}
