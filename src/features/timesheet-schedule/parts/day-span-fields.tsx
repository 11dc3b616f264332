/**
 * The first and last day of a form's range, side by side (stacked on a phone), each with its error; a first day
 * moved past the last takes the last along. `single` shows only the first, as one date.
 */
import { Field, HStack, Input } from '@chakra-ui/react';

export interface DaySpanFieldsProps {
  startsOn: string;
  endsOn: string;
  /** Only one date (the last day follows the first). */
  single: boolean;
  labels: { first: string; last: string };
  errors: { starts_on?: string; ends_on?: string };
  onChange: (values: { starts_on?: string; ends_on?: string }) => void;
}

export function DaySpanFields({ startsOn, endsOn, single, labels, errors, onChange }: DaySpanFieldsProps) {
  return (
    <HStack gap="3" wrap="wrap" align="flex-start">
      <Field.Root invalid={Boolean(errors.starts_on)} w={{ base: 'full', sm: '44' }}>
        <Field.Label>{labels.first}</Field.Label>
        <Input
          type="date"
          value={startsOn}
          onChange={(e) => {
            const value = e.target.value;
            onChange(endsOn < value ? { starts_on: value, ends_on: value } : { starts_on: value });
          }}
        />
        <Field.ErrorText>{errors.starts_on}</Field.ErrorText>
      </Field.Root>
      {!single && (
        <Field.Root invalid={Boolean(errors.ends_on)} w={{ base: 'full', sm: '44' }}>
          <Field.Label>{labels.last}</Field.Label>
          <Input type="date" value={endsOn} onChange={(e) => onChange({ ends_on: e.target.value })} />
          <Field.ErrorText>{errors.ends_on}</Field.ErrorText>
        </Field.Root>
      )}
    </HStack>
  );
}
