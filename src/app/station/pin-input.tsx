/** A station PIN field: digits only, hidden, a numeric keypad on phones and tablets, at most 8. */
import { Field, Input } from '@chakra-ui/react';

export interface PinInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  help?: string;
  size?: 'md' | 'lg';
}

/** The field with its label, help and error. */
export function PinInput({ label, value, onChange, error, help, size = 'md' }: PinInputProps) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        size={size}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
      {help && <Field.HelperText>{help}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
