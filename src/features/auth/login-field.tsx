/**
 * A labelled text field of the sign-in form, styled by the theme's `field` and `input` recipes like Chakra's
 * Field and Input, but without them: those are built on Ark UI's field machinery (fieldsets, selects, textareas
 * that grow with their text), about 5.5 kB gzip the login screen downloaded only for two inputs (DESIGN
 * section 8: 170 kB gzip). What Ark's field gave is kept: the label names the input, an error is announced
 * with it (aria-describedby) and marks it invalid (aria-invalid, which the recipes style), and it is required.
 */
import { chakra, useRecipe, useSlotRecipe } from '@chakra-ui/react';
import { type ComponentProps, useId } from 'react';

export interface LoginFieldProps extends Omit<ComponentProps<'input'>, 'size' | 'color'> {
  label: string;
  /** The message under the input; the field is invalid while there is one. */
  error?: string;
}

/** The label, the input and, when there is one, its error. */
export function LoginField({ label, error, ...input }: LoginFieldProps) {
  const id = useId();
  const field = useSlotRecipe({ key: 'field' })({});
  const inputStyles = useRecipe({ key: 'input' })({});
  const errorId = `${id}-error`;
  return (
    <chakra.div css={field.root} data-invalid={error ? '' : undefined}>
      <chakra.label css={field.label} htmlFor={id}>
        {label}
      </chakra.label>
      <chakra.input
        {...input}
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        css={inputStyles}
      />
      {error && (
        <chakra.div css={field.errorText} id={errorId}>
          {error}
        </chakra.div>
      )}
    </chakra.div>
  );
}
