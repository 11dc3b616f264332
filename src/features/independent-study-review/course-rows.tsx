/** The agreement form's subject and course rows: subject, course, grade band (TK-6, 7-12) and the 9-12 course value. */
import { Button, Field, Fieldset, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../ui/form/field-errors';
import { SelectField } from '../../ui/form/select-field';

export interface CourseRow {
  subject: string;
  course: string;
  grade_band: string;
  course_value: string;
}

export interface CourseRowsProps {
  rows: CourseRow[];
  bands: readonly string[];
  errors: FieldErrors;
  onChange: (rows: CourseRow[]) => void;
}

/** The rows, with add and remove. */
export function CourseRows({ rows, bands, errors, onChange }: CourseRowsProps) {
  const { t } = useTranslation('independent-study');
  const edit = (i: number, patch: Partial<CourseRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Fieldset.Root invalid={Boolean(errors.courses)}>
      <Fieldset.Legend>{t('review.form.courses')}</Fieldset.Legend>
      {errors.courses && <Fieldset.ErrorText>{errors.courses}</Fieldset.ErrorText>}
      <Stack gap="3">
        {rows.map((row, i) => {
          const n = i + 1;
          const err = (field: string) => errors[`courses.${i}.${field}`];
          return (
            // Rows are edited in place and only the last ones are removed; their position is their identity.
            <Stack key={`row-${n}`} gap="2" borderWidth="1px" borderRadius="md" p="3">
              <Field.Root invalid={Boolean(err('subject'))} required>
                <Field.Label>{t('review.form.subject', { n })}</Field.Label>
                <Input value={row.subject} onChange={(e) => edit(i, { subject: e.target.value })} />
                {err('subject') && <Field.ErrorText>{err('subject')}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={Boolean(err('course'))}>
                <Field.Label>{t('review.form.course', { n })}</Field.Label>
                <Input value={row.course} onChange={(e) => edit(i, { course: e.target.value })} />
              </Field.Root>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <SelectField
                  label={t('review.form.gradeBand', { n })}
                  value={row.grade_band}
                  choices={bands.map((b) => [b, b] as [string, string])}
                  onChange={(v) => edit(i, { grade_band: v, course_value: v === 'TK-6' ? '' : row.course_value })}
                  w={{ base: 'full', sm: '10rem' }}
                  error={err('grade_band')}
                />
                <Field.Root invalid={Boolean(err('course_value'))} w={{ base: 'full', sm: '12rem' }}>
                  <Field.Label>{t('review.form.courseValue', { n })}</Field.Label>
                  <Input
                    inputMode="decimal"
                    value={row.course_value}
                    disabled={row.grade_band === 'TK-6'}
                    onChange={(e) => edit(i, { course_value: e.target.value })}
                  />
                  {err('course_value') && <Field.ErrorText>{err('course_value')}</Field.ErrorText>}
                </Field.Root>
              </Stack>
              {rows.length > 1 && (
                <Button
                  size="sm"
                  variant="ghost"
                  alignSelf="start"
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  {t('review.form.removeCourse', { n })}
                </Button>
              )}
            </Stack>
          );
        })}
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() =>
            onChange([
              ...rows,
              { subject: '', course: '', grade_band: rows.at(-1)?.grade_band ?? 'TK-6', course_value: '' },
            ])
          }
        >
          {t('review.form.addCourse')}
        </Button>
      </Stack>
    </Fieldset.Root>
  );
}
