/**
 * A preview or an applied import: its counts (rows, determinations added or corrected, how many become current,
 * rows already on file, rows that cannot be used), the changes and the rows that cannot be used; the screen puts
 * Apply under it while it is a preview.
 */
import { Alert, Heading, List, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MealImport } from '../../../contract';
import { ImportChanges } from './import-changes';
import { ImportErrors } from './import-errors';

export function ImportSummary({ name, data, children }: { name: string; data: MealImport; children?: ReactNode }) {
  const { t } = useTranslation('meal-eligibility-import');
  const applied = data.status === 'applied';
  return (
    <Stack gap="4" as="section" aria-labelledby="meal-import-summary">
      <Heading as="h2" size="md" id="meal-import-summary" wordBreak="break-word">
        {applied ? t('summary.appliedTitle', { name }) : t('summary.title', { name })}
      </Heading>
      {applied && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Description>{t('applied', { count: data.changes })}</Alert.Description>
        </Alert.Root>
      )}
      <List.Root ps="5" gap="1">
        <List.Item>{t('summary.rows', { count: data.rows })}</List.Item>
        <List.Item>
          {applied
            ? t('summary.appliedChanges', { count: data.changes })
            : t('summary.changes', { count: data.changes })}
        </List.Item>
        <List.Item>{t('summary.current', { count: data.current })}</List.Item>
        <List.Item>{t('summary.unchanged', { count: data.unchanged })}</List.Item>
        <List.Item>{t('summary.errors', { count: data.errors.length })}</List.Item>
      </List.Root>
      <ImportChanges data={data} />
      {data.errors.length > 0 && <ImportErrors errors={data.errors} />}
      {children}
    </Stack>
  );
}
