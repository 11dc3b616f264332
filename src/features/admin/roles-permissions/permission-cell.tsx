/**
 * One cell of the matrix: a checkbox named for screen readers by role, resource and action ('Front Office:
 * Demographics — Create'), since the column and row headers are far away on a wide table. A tick is a change not yet
 * saved: the cell is marked and says so, until the administrator saves or discards the changes.
 *
 * The box is the browser's own checkbox styled through Chakra, not Chakra's Checkbox: the matrix has 55 rows per role,
 * and hundreds of checkbox state machines made a tablet (and jsdom) slow to render it; a native input costs one node.
 * The whole cell is its label, so the touch target is at least 44×44 px around the 18 px box.
 */
import { chakra, Table } from '@chakra-ui/react';

export interface PermissionCellProps {
  label: string;
  granted: boolean;
  /** Ticked on or off and not saved yet. */
  changed: boolean;
  /** "not saved yet", said after the label of a changed cell. */
  changedText: string;
  onChange: (granted: boolean) => void;
}

/** A permission checkbox in the matrix. */
export function PermissionCell({ label, granted, changed, changedText, onChange }: PermissionCellProps) {
  return (
    <Table.Cell textAlign="center" p="0" bg={changed ? 'yellow.subtle' : undefined} data-changed={changed || undefined}>
      <chakra.label
        display="flex"
        alignItems="center"
        justifyContent="center"
        minW="11"
        minH="11"
        w="full"
        cursor="pointer"
      >
        <chakra.input
          type="checkbox"
          aria-label={changed ? `${label} (${changedText})` : label}
          checked={granted}
          onChange={(event) => onChange(event.target.checked)}
          boxSize="4.5"
          cursor="pointer"
          accentColor="primary.solid"
          focusVisibleRing="outside"
        />
      </chakra.label>
    </Table.Cell>
  );
}
