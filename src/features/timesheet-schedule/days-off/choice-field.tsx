/**
 * A labelled native select with its error under it: the shared `SelectField` has no error, and a 422 on a day's kind
 * or a day off's type has to be said under that field like any other. It goes once `SelectField` takes an `error`.
 */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export interface ChoiceFieldProps {
  label: string;
  value: string;
  /** `[value, label]` pairs, in order. */
  choices: [string, string][];
  onChange: (value: string) => void;
  w: ComponentProps<typeof Field.Root>['w'];
  error?: string;
  disabled?: boolean;
}

/** The select with its label and error. */
export function ChoiceField({ label, value, choices, onChange, w, error, disabled }: ChoiceFieldProps) {
  return (
    <Field.Root w={w} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
