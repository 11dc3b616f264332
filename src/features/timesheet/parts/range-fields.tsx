/**
 * The From and To dates of a timesheet list, with quick ranges (This week, This month, …) as buttons that say which
 * one is in effect (`aria-pressed`). A date is passed on only once it is a whole date; a range that ends before it
 * starts says so under To (the list is not asked then).
 */
import { Button, ButtonGroup, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface QuickRange {
  key: string;
  label: string;
  from: string;
  to: string;
}

export interface RangeFieldsProps {
  from: string;
  to: string;
  quick: readonly QuickRange[];
  onChange: (values: { from?: string; to?: string }) => void;
}

/** From, To and the quick ranges. */
export function RangeFields({ from, to, quick, onChange }: RangeFieldsProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'filters' });
  const wrong = from > to;
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap" align="flex-start">
        <Field.Root w={{ base: 'full', sm: '44' }} invalid={wrong}>
          <Field.Label>{t('from')}</Field.Label>
          <Input
            type="date"
            value={from}
            onChange={(e) => DAY.test(e.target.value) && onChange({ from: e.target.value })}
          />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }} invalid={wrong}>
          <Field.Label>{t('to')}</Field.Label>
          <Input
            type="date"
            value={to}
            onChange={(e) => DAY.test(e.target.value) && onChange({ to: e.target.value })}
          />
          <Field.ErrorText>{t('rangeWrong')}</Field.ErrorText>
        </Field.Root>
      </HStack>
      <ButtonGroup size="sm" variant="outline" role="group" aria-label={t('quick')} flexWrap="wrap" gap="2">
        {quick.map((q) => {
          const on = q.from === from && q.to === to;
          return (
            <Button
              key={q.key}
              minH="10"
              colorPalette="primary"
              variant={on ? 'solid' : 'outline'}
              aria-pressed={on}
              onClick={() => onChange({ from: q.from, to: q.to })}
            >
              {q.label}
            </Button>
          );
        })}
      </ButtonGroup>
    </Stack>
  );
}
