/**
 * The school's pay period rule: semi-monthly (the 1st–15th and the 16th–end, as California's Labor
 * Code 204 asks of a charter school), bi-weekly from the first day of any one period, or monthly. The current period
 * and the next two are previewed for the rule being edited, before it is saved.
 */
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAY_PERIOD_RULES,
  type PayPeriodRule,
  payPeriodOf,
  shiftDate,
  type TimekeepingSettings,
} from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useFormErrors } from '../../../ui/timekeeping/use-form-errors';
import { datesText } from '../model/date-range';
import { SaveOrReadOnly } from './save-or-read-only';
import { usePayPeriodSettings, useSavePayPeriods } from './use-days-off';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function PayPeriodsForm({ saved, today, canEdit }: { saved: TimekeepingSettings; today: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const [rule, setRule] = useState<PayPeriodRule>(saved.pay_period_rule);
  const [anchor, setAnchor] = useState(saved.pay_period_anchor ?? '');
  const { errors, formError, check, fail, clear } = useFormErrors();
  const save = useSavePayPeriods();
  const previewable = rule !== 'biweekly' || DAY.test(anchor);
  const periods: { start: string; end: string }[] = [];
  if (previewable) {
    let day = today;
    for (let i = 0; i < 3; i++) {
      const period = payPeriodOf(day, { pay_period_rule: rule, pay_period_anchor: anchor || null });
      periods.push(period);
      day = shiftDate(period.end, 1);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check(rule === 'biweekly' && !DAY.test(anchor) ? { pay_period_anchor: t('errors.anchor') } : {})) return;
    save.mutate(
      { pay_period_rule: rule, pay_period_anchor: rule === 'biweekly' ? anchor : null },
      {
        onSuccess: () => addNotification({ type: 'success', text: t('pay.saved') }),
        onError: fail,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" maxW="xl">
        <Text>{t('pay.intro')}</Text>
        <FormAlert text={formError} />
        <SelectField
          label={t('pay.rule')}
          value={rule}
          w="full"
          choices={PAY_PERIOD_RULES.map((r) => [r, ts(`payRules.${r}`)])}
          error={errors.pay_period_rule}
          disabled={!canEdit}
          onChange={(value) => {
            setRule(value as PayPeriodRule);
            clear('pay_period_rule');
          }}
        />
        {rule === 'biweekly' && (
          <Field.Root invalid={Boolean(errors.pay_period_anchor)} disabled={!canEdit} w={{ base: 'full', sm: '56' }}>
            <Field.Label>{t('pay.anchor')}</Field.Label>
            <Input
              type="date"
              value={anchor}
              onChange={(e) => {
                setAnchor(e.target.value);
                clear('pay_period_anchor');
              }}
            />
            <Field.HelperText>{t('pay.anchorHint')}</Field.HelperText>
            <Field.ErrorText>{errors.pay_period_anchor}</Field.ErrorText>
          </Field.Root>
        )}
        {periods.length > 0 && (
          <Stack as="ul" gap="1" listStyleType="none" aria-label={t('pay.preview')}>
            {periods.map((p, i) => (
              <Text as="li" key={p.start}>
                {t(i === 0 ? 'pay.current' : 'pay.next', {
                  dates: datesText({ starts_on: p.start, ends_on: p.end }, i18n.language),
                })}
              </Text>
            ))}
          </Stack>
        )}
        <SaveOrReadOnly
          canEdit={canEdit}
          saving={save.isPending}
          saveText={t('pay.save')}
          readOnlyText={t('pay.readOnly')}
        />
      </Stack>
    </form>
  );
}

/** The pay period rule, loaded. */
export function PayPeriodsCard({ today, canEdit }: { today: string; canEdit: boolean }) {
  const { t: ts } = useTranslation('timesheet-schedule');
  const settings = usePayPeriodSettings();
  return (
    <QueryState query={settings} isEmpty={false} emptyText="" offlineText={ts('offline')}>
      {settings.data && (
        <PayPeriodsForm key={settings.data.updated_at} saved={settings.data} today={today} canEdit={canEdit} />
      )}
    </QueryState>
  );
}
