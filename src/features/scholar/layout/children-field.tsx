/**
 * The "which children" choice of a guardian's form (an absence report, a dismissal change): a checkbox per child,
 * shown only when the guardian has more than one. Each toggle is applied to the choice as it stands when it lands
 * (`onToggle` is given the change, not the new list), so two quick taps never undo each other: a checkbox may call
 * back with the props of an earlier render.
 */
import { Checkbox, Fieldset, Stack } from '@chakra-ui/react';
import type { PortalScholar } from '../../../contract';

/** A child as the guardian's forms name them: the nickname the portal uses, else the first name, and the last. */
export const childName = (s: PortalScholar) => `${s.nickname ?? s.fname} ${s.lname}`;

/** The ids of `scholars` chosen once `id` is turned on or off in `chosen`, in the scholars' order. */
export const toggleChild = (scholars: readonly PortalScholar[], chosen: readonly string[], id: string, on: boolean) =>
  scholars.map((s) => s.id).filter((s) => (s === id ? on : chosen.includes(s)));

export function ChildrenField({
  legend,
  scholars,
  chosen,
  error,
  onToggle,
}: {
  legend: string;
  scholars: readonly PortalScholar[];
  chosen: readonly string[];
  error?: string;
  onToggle: (id: string, on: boolean) => void;
}) {
  if (scholars.length < 2) return null;
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium">{legend}</Fieldset.Legend>
      <Stack gap="1">
        {scholars.map((s) => (
          <Checkbox.Root
            key={s.id}
            minH="10"
            checked={chosen.includes(s.id)}
            onCheckedChange={(d) => onToggle(s.id, d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{childName(s)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
