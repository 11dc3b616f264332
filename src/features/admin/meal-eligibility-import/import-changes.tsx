/**
 * The first changes of a preview (or of what was applied): line, scholar, the category before and after, the day,
 * and whether it becomes the scholar's current eligibility or only adds history. The server lists the first
 * MEAL_IMPORT_SAMPLE_SIZE; the rest are counted.
 */
import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MealImport } from '../../../contract';

export function ImportChanges({ data }: { data: MealImport }) {
  const { t } = useTranslation('meal-eligibility-import', { keyPrefix: 'changes' });
  const { t: tcat } = useTranslation('meal-eligibility-import', { keyPrefix: 'categories' });
  const more = data.changes - data.sample.length;
  return (
    <Stack gap="2" as="section" aria-labelledby="meal-import-changes">
      <Heading as="h3" size="sm" id="meal-import-changes">
        {t('title')}
      </Heading>
      {data.sample.length === 0 ? (
        <Text>{t('none')}</Text>
      ) : (
        <Table.ScrollArea
          // Focusable, so that a keyboard can scroll a table wider than the phone.
          tabIndex={0}
          role="region"
          aria-label={t('title')}
          colorPalette="primary"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
          borderWidth="1px"
          rounded="md"
        >
          <Table.Root size="sm">
            <Table.Caption srOnly>{t('title')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('line')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('from')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('to')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('effective')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('kind')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.sample.map((change) => (
                <Table.Row key={change.line}>
                  <Table.Cell>{change.line}</Table.Cell>
                  <Table.Cell>
                    <Text>{change.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {change.student_number}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{change.from ? tcat(change.from) : t('hidden')}</Table.Cell>
                  <Table.Cell fontWeight="medium">{tcat(change.to)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{change.effective_from}</Table.Cell>
                  <Table.Cell>{change.current ? t('current') : t('historyOnly')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {more > 0 && <Text fontSize="sm">{t('more', { count: more })}</Text>}
    </Stack>
  );
}
