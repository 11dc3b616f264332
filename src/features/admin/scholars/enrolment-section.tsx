/**
 * A scholar's enrolment: enrolled (since a re-enrolment's day) or withdrawn (the day and the reason), and, for those
 * who may change the record, Withdraw (a day and a reason) or Re-enrol (a day). The record and its history stay; a
 * withdrawn scholar leaves the stations' rosters. What was typed stays when the server refuses it.
 */
import { Badge, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DemographicRecord, ReenrolSchema, WithdrawSchema } from '../../../contract/demographics';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { knownSchoolTimeZone } from '../../../ui/intl-format';
import { addNotification } from '../../../ui/notifications';
import { formatDay, schoolDayOf } from '../../../ui/school-clock';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { adminErrorText } from '../api/admin-error-text';
import { reenrolScholar, scholarsResource, withdrawScholar } from '../api/scholars';
import { scholarName } from './scholar-name';

const today = () => schoolDayOf(new Date(), knownSchoolTimeZone());

export function EnrolmentSection({ scholar, canChange }: { scholar: DemographicRecord; canChange: boolean }) {
  const { t, i18n } = useTranslation('scholars');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(today);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const name = scholarName(scholar);
  const withdrawing = scholar.active;

  const change = useMutation({
    mutationFn: () =>
      withdrawing
        ? withdrawScholar(scholar.id, WithdrawSchema.parse({ withdrawn_on: day, reason }))
        : reenrolScholar(scholar.id, ReenrolSchema.parse({ enrolled_on: day })),
    onSuccess: (saved) => {
      client.setQueryData(scholarsResource.keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: scholarsResource.keys.lists() });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = withdrawing
      ? WithdrawSchema.safeParse({ withdrawn_on: day, reason })
      : ReenrolSchema.safeParse({ enrolled_on: day });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error, (key) => tc(key)));
      setFailure(tc('form.incomplete'));
      return;
    }
    setFailure(null);
    change.mutate(undefined, {
      onSuccess: () => {
        addNotification({
          type: 'success',
          text: t(withdrawing ? 'enrolment.doneWithdraw' : 'enrolment.doneReenrol', { name }),
        });
        setOpen(false);
        setReason('');
        setErrors({});
        setDay(today());
      },
      onError: (error) => {
        const fields = toFieldErrors(error, (key) => tc(key));
        setErrors(fields);
        setFailure(Object.keys(fields).length ? tc('form.incomplete') : adminErrorText(error, ta));
      },
    });
  };

  const dayField = withdrawing ? 'withdrawn_on' : 'enrolled_on';
  return (
    <Stack as="section" aria-labelledby="scholar-enrolment" gap="3">
      <Heading as="h2" size="md" id="scholar-enrolment">
        {t('enrolment.title')}
      </Heading>
      <HStack gap="3" wrap="wrap">
        <Badge colorPalette={scholar.active ? 'green' : 'gray'} size="lg">
          {t(scholar.active ? 'enrolment.enrolled' : 'enrolment.withdrawn')}
        </Badge>
        {scholar.active && scholar.enrolled_on && (
          <Text>{t('enrolment.enrolledSince', { date: formatDay(scholar.enrolled_on, i18n.language) })}</Text>
        )}
        {!scholar.active && scholar.withdrawn_on && (
          <Text>{t('enrolment.withdrawnOn', { date: formatDay(scholar.withdrawn_on, i18n.language) })}</Text>
        )}
      </HStack>
      {!scholar.active && scholar.withdrawal_reason && (
        <Text>{t('enrolment.reasonIs', { reason: scholar.withdrawal_reason })}</Text>
      )}
      {canChange && !open && (
        <Button alignSelf="flex-start" variant="outline" minH="10" onClick={() => setOpen(true)}>
          {t(withdrawing ? 'enrolment.withdraw' : 'enrolment.reenrol')}
        </Button>
      )}
      {canChange && open && (
        <form
          onSubmit={submit}
          noValidate
          aria-label={t(withdrawing ? 'enrolment.withdrawTitle' : 'enrolment.reenrolTitle', { name })}
        >
          <Stack gap="3" borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="semibold">
              {t(withdrawing ? 'enrolment.withdrawTitle' : 'enrolment.reenrolTitle', { name })}
            </Text>
            <Text fontSize="sm">{t(withdrawing ? 'enrolment.withdrawHelp' : 'enrolment.reenrolHelp')}</Text>
            <FormAlert text={failure} />
            <Field.Root invalid={Boolean(errors[dayField])} required>
              <Field.Label>{t(withdrawing ? 'enrolment.withdrawnOnLabel' : 'enrolment.enrolledOnLabel')}</Field.Label>
              <Input type="date" value={day} onChange={(e) => setDay(e.target.value)} maxW="xs" />
              {errors[dayField] && <Field.ErrorText>{errors[dayField]}</Field.ErrorText>}
            </Field.Root>
            {withdrawing && (
              <Field.Root invalid={Boolean(errors.reason)} required>
                <Field.Label>{t('enrolment.reason')}</Field.Label>
                <Input
                  value={reason}
                  maxLength={500}
                  placeholder={t('enrolment.reasonPlaceholder')}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setErrors((x) => ({ ...x, reason: '' }));
                  }}
                />
                {errors.reason && <Field.ErrorText>{errors.reason}</Field.ErrorText>}
              </Field.Root>
            )}
            <HStack gap="2" wrap="wrap">
              <Button type="submit" colorPalette={withdrawing ? 'red' : 'primary'} minH="10" loading={change.isPending}>
                {t(withdrawing ? 'enrolment.confirmWithdraw' : 'enrolment.confirmReenrol')}
              </Button>
              <Button variant="ghost" minH="10" onClick={() => setOpen(false)}>
                {t('enrolment.cancel')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
