/**
 * The rows of the file that cannot be used, with their line, column and why in the reader's language, and the same
 * list as a CSV to fix the file with (src/lib/csv.ts's rules: every field quoted, formulas defused).
 */
import { Button, Heading, HStack, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MealImportError } from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';

export function ImportErrors({ errors }: { errors: MealImportError[] }) {
  const { t } = useTranslation('meal-eligibility-import', { keyPrefix: 'errors' });
  const reason = (e: MealImportError) => t(`codes.${e.code}`, { value: e.value });
  const download = () =>
    downloadCsv(
      t('fileName'),
      [t('line'), t('column'), t('reason')],
      errors.map((e) => [String(e.line), e.column ?? '', reason(e)]),
    );
  return (
    <Stack gap="2" as="section" aria-labelledby="meal-import-errors">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" size="sm" id="meal-import-errors">
          {t('title')}
        </Heading>
        <Button size="sm" minH="11" variant="outline" onClick={download}>
          {t('download')}
        </Button>
      </HStack>
      <Table.ScrollArea
        // Focusable, so that a keyboard can scroll a table wider than the phone.
        tabIndex={0}
        role="region"
        aria-label={t('title')}
        colorPalette="primary"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
        borderWidth="1px"
        rounded="md"
        maxH="24rem"
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>{t('title')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('line')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {errors.map((e) => (
              <Table.Row key={`${e.line}-${e.column}-${e.code}`}>
                <Table.Cell>{e.line}</Table.Cell>
                <Table.Cell>{e.column}</Table.Cell>
                <Table.Cell minW="12rem">{reason(e)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
