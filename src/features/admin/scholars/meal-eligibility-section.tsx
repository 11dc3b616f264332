/**
 * A scholar's meal eligibility, for those who may see it (it is confidential): the current category and its day,
 * every determination on file with its day, and, for those who keep it, a new determination (a category from a
 * day; today when left empty). The server refuses a determination that a later one would contradict.
 */
import { Button, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '../../../contract/common';
import {
  type DemographicRecord,
  MEAL_ELIGIBILITY,
  type MealEligibilityUpdate,
  MealEligibilityUpdateSchema,
} from '../../../contract/demographics';
import { QueryState } from '../../../ui/data/query-state';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { dateTimeFormat } from '../../../ui/intl-format';
import { addNotification } from '../../../ui/notifications';
import { formatDay } from '../../../ui/school-clock';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { adminErrorText } from '../api/admin-error-text';
import { eligibilityHistoryQueryOptions, saveMealEligibility, scholarKeys, scholarsResource } from '../api/scholars';

type Category = (typeof MEAL_ELIGIBILITY)[number];

// A determination without its own day has held since the record began: the history keeps it from '-infinity'.

export function MealEligibilitySection({ scholar, canChange }: { scholar: DemographicRecord; canChange: boolean }) {
  const { t, i18n } = useTranslation('scholars');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const history = useQuery(eligibilityHistoryQueryOptions(scholar.id));
  const [category, setCategory] = useState<Category>(scholar.meal_eligibility ?? 'paid');
  const [effective, setEffective] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: MealEligibilityUpdate) => saveMealEligibility(scholar.id, body),
    onSuccess: (saved) => {
      client.setQueryData(scholarsResource.keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: scholarKeys.eligibility(saved.id) });
    },
  });
  const recorded = dateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MealEligibilityUpdateSchema.safeParse({
      meal_eligibility: category,
      meal_eligibility_effective: effective || null,
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error, (key) => tc(key)));
      return;
    }
    setFailure(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setErrors({});
        setEffective('');
        addNotification({ type: 'success', text: t('meals.saved') });
      },
      onError: (error) => {
        const fields = toFieldErrors(error, (key) => tc(key));
        setErrors(fields);
        setFailure(Object.keys(fields).length ? tc('form.incomplete') : adminErrorText(error, ta));
      },
    });
  };

  const current = scholar.meal_eligibility;
  return (
    <Stack as="section" aria-labelledby="scholar-meals" gap="3">
      <Heading as="h2" size="md" id="scholar-meals">
        {t('meals.title')}
      </Heading>
      {current && (
        <Text>
          {t('meals.current', { eligibility: t(`meals.categories.${current}`) })}
          {scholar.meal_eligibility_effective
            ? ` ${t('meals.since', { date: formatDay(scholar.meal_eligibility_effective, i18n.language) })}`
            : ''}
        </Text>
      )}
      <Text fontWeight="semibold">{t('meals.history')}</Text>
      <QueryState
        query={history}
        isEmpty={history.data?.length === 0}
        emptyText={t('meals.noHistory')}
        offlineText={t('page.offline')}
        skeletonRows={2}
      >
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption srOnly>{t('meals.history')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('meals.effectiveFrom')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('meals.category')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('meals.recordedAt')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(history.data ?? []).map((row) => (
                <Table.Row key={row.effective_from}>
                  <Table.Cell>
                    {isCalendarDate(row.effective_from)
                      ? formatDay(row.effective_from, i18n.language)
                      : t('meals.fromStart')}
                  </Table.Cell>
                  <Table.Cell>{t(`meals.categories.${row.eligibility}`)}</Table.Cell>
                  <Table.Cell>{row.created_at ? recorded.format(new Date(row.created_at)) : ''}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </QueryState>
      {canChange && (
        <form onSubmit={submit} noValidate aria-label={t('meals.change')}>
          <Stack gap="3">
            <Text fontWeight="semibold">{t('meals.change')}</Text>
            <FormAlert text={failure} />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Field.Root invalid={Boolean(errors.meal_eligibility)}>
                <Field.Label>{t('meals.newCategory')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={category} onChange={(e) => setCategory(e.target.value as Category)}>
                    {MEAL_ELIGIBILITY.map((c) => (
                      <option key={c} value={c}>
                        {t(`meals.categories.${c}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.meal_eligibility && <Field.ErrorText>{errors.meal_eligibility}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={Boolean(errors.meal_eligibility_effective)}>
                <Field.Label>{t('meals.effective')}</Field.Label>
                <Input type="date" value={effective} onChange={(e) => setEffective(e.target.value)} />
                <Field.HelperText>{t('meals.effectiveHelp')}</Field.HelperText>
                {errors.meal_eligibility_effective && (
                  <Field.ErrorText>{errors.meal_eligibility_effective}</Field.ErrorText>
                )}
              </Field.Root>
            </Stack>
            <HStack>
              <Button type="submit" variant="outline" minH="10" loading={save.isPending}>
                {t('meals.save')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
