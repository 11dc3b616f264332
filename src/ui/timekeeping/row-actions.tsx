/**
 * The buttons of a listed record (Edit, Copy, Delete): small outlined buttons at least 40 px high, each named with
 * what it acts on ("Edit the week from Mon, Nov 23, 2026"), the visible word first, so a voice user can say what they
 * see; Delete is red. `RowActions` is the usual pair, Edit and Delete, for those who may; the screen gives the words
 * (its namespace's `edit`, `editLabel`, `delete` and `deleteLabel`, the labels given what the row is).
 */
import { Button, HStack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface RowButtonProps {
  /** The accessible name, saying what the button acts on. */
  label: string;
  onClick: () => void;
  /** Deleting: the button is red. */
  danger?: boolean;
  children: ReactNode;
}

/** One of a row's buttons. */
export function RowButton({ label, onClick, danger, children }: RowButtonProps) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette={danger ? 'red' : undefined}
      minH="10"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The words of Edit and Delete: each one's visible word and its name with what it acts on. */
export type RowActionWord = 'edit' | 'editLabel' | 'delete' | 'deleteLabel';

export interface RowActionsProps extends Omit<StackProps, 'children'> {
  /** A word in the screen's language, e.g. `(word) => t(word, { what })` with the namespace's prefix. */
  words: (word: RowActionWord) => string;
  /** Offered when set (the person may change the record). */
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}

/** Edit and Delete of a record, in a row (laid out further by the stack's props); nothing when neither is offered. */
export function RowActions({ words, onEdit, onDelete, ...stack }: RowActionsProps) {
  if (!onEdit && !onDelete) return null;
  return (
    <HStack gap="2" {...stack}>
      {onEdit && (
        <RowButton label={words('editLabel')} onClick={onEdit}>
          {words('edit')}
        </RowButton>
      )}
      {onDelete && (
        <RowButton label={words('deleteLabel')} onClick={onDelete} danger>
          {words('delete')}
        </RowButton>
      )}
    </HStack>
  );
}
