/** A labelled native select (it suits tablets and needs no positioning code) of value and label pairs, with its error. */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export interface SelectFieldProps {
  label: string;
  value: string;
  /** `[value, label]` pairs, in order. */
  choices: [string, string][];
  onChange: (value: string) => void;
  /** The field's width (Chakra size, responsive allowed). */
  w: ComponentProps<typeof Field.Root>['w'];
  /** What is wrong with the choice (a form's 422), shown under it. */
  error?: string;
  disabled?: boolean;
}

/** The select with its label. */
export function SelectField({ label, value, choices, onChange, w, error, disabled }: SelectFieldProps) {
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
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
