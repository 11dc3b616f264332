/** The From and To dates of a list's filter; a date is passed on only once it is a whole date. */
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DateRangeFieldsProps {
  from: string;
  to: string;
  onChange: (values: { from?: string; to?: string }) => void;
}

export function DateRangeFields({ from, to, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation('timesheet-schedule');
  return (
    <>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>{t('range.from')}</Field.Label>
        <Input
          type="date"
          value={from}
          onChange={(e) => DAY.test(e.target.value) && onChange({ from: e.target.value })}
        />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>{t('range.to')}</Field.Label>
        <Input type="date" value={to} onChange={(e) => DAY.test(e.target.value) && onChange({ to: e.target.value })} />
      </Field.Root>
    </>
  );
}
