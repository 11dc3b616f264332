/**
 * One cell of the matrix: a checkbox named for screen readers by role, resource and action ('Front Office:
 * Demographics — Create'), since the column and row headers are far away on a wide table.
 *
 * The box is the browser's own checkbox styled through Chakra, not Chakra's Checkbox: the matrix has 55 rows per role,
 * and hundreds of checkbox state machines made a tablet (and jsdom) slow to render it; a native input costs one node.
 * While its change is on its way the cell is busy (spinner, `aria-busy`) and ignores further clicks, without being
 * disabled, so keyboard focus stays where it was.
 */
import { Box, chakra, Spinner, Table } from '@chakra-ui/react';

export interface PermissionCellProps {
  label: string;
  granted: boolean;
  pending: boolean;
  onChange: (granted: boolean) => void;
}

/** A permission checkbox in the matrix. */
export function PermissionCell({ label, granted, pending, onChange }: PermissionCellProps) {
  return (
    <Table.Cell textAlign="center" position="relative" aria-busy={pending || undefined}>
      <chakra.input
        type="checkbox"
        aria-label={label}
        checked={granted}
        onChange={(event) => {
          if (!pending) onChange(event.target.checked);
        }}
        boxSize="4.5"
        verticalAlign="middle"
        cursor={pending ? 'progress' : 'pointer'}
        opacity={pending ? 0.6 : 1}
        accentColor="primary.solid"
        focusVisibleRing="outside"
      />
      {pending && (
        <Box position="absolute" top="50%" insetEnd="1" transform="translateY(-50%)" aria-hidden="true">
          <Spinner size="xs" color="fg.muted" />
        </Box>
      )}
    </Table.Cell>
  );
}
