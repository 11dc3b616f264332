/**
 * The labelled inputs of the content forms, each with its message under it when the field is wrong (a form's own
 * check or the server's 422).
 */
import { Field, HStack, Input, Stack, Switch, Textarea } from '@chakra-ui/react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';

export interface ContentFormFrameProps {
  formId: string;
  onSubmit: (event: FormEvent) => void;
  /** The message above the fields (offline, or a refusal that is not about one field). */
  formError: string | null;
  children: ReactNode;
}

/** A content form: its message above, then its fields one under the other. */
export function ContentFormFrame({ formId, onSubmit, formError, children }: ContentFormFrameProps) {
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormAlert text={formError} />
        {children}
      </Stack>
    </form>
  );
}

/** Fields side by side on a wide screen, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <HStack gap="3" wrap="wrap" align="flex-start">
      {children}
    </HStack>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: 'text' | 'url' | 'date' | 'time' | 'datetime-local' | 'number';
  maxLength?: number;
  /** Several lines (a body, a description). */
  multiline?: boolean;
  helper?: string;
  w?: ComponentProps<typeof Field.Root>['w'];
  /** The language the text is written in, when it is not the screen's (the Spanish wording of a school text): spell
   * checking and screen readers follow it. */
  lang?: string;
}

/** A text, date or time input with its label and message. */
export function TextField({
  label,
  value,
  onChange,
  error,
  required,
  type = 'text',
  maxLength,
  multiline,
  helper,
  w,
  lang,
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} w={w}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea value={value} maxLength={maxLength} rows={4} lang={lang} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input
          type={type}
          value={value}
          maxLength={maxLength}
          lang={lang}
          inputMode={type === 'url' ? 'url' : type === 'number' ? 'numeric' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface RangeFieldsProps {
  type: 'date' | 'datetime-local';
  /** Each input's width from the sm breakpoint (full width on a phone). */
  w: string;
  from: Omit<TextFieldProps, 'type' | 'w'>;
  to: Omit<TextFieldProps, 'type' | 'w'>;
}

/** A pair of dates or date-times, from and to, side by side. */
export function RangeFields({ type, w, from, to }: RangeFieldsProps) {
  return (
    <FieldRow>
      <TextField type={type} w={{ base: 'full', sm: w }} {...from} />
      <TextField type={type} w={{ base: 'full', sm: w }} {...to} />
    </FieldRow>
  );
}

export interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on-off switch with its label. */
export function SwitchField({ label, checked, onChange }: SwitchFieldProps) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(d) => onChange(d.checked)} minH="10" colorPalette="primary">
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
