/**
 * The file's rules, from the contract the server reads them with (MEAL_IMPORT_COLUMNS and the category words), so
 * what the screen promises is what the server accepts.
 */
import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MEAL_IMPORT_CATEGORY_WORDS, MEAL_IMPORT_COLUMNS, MEAL_IMPORT_DATE_FORMATS } from '../../../contract';

const quoted = (names: readonly string[]) => names.map((n) => `“${n}”`).join(', ');

/** The other words of each category than its English name: F, gratis… */
const otherWords = Object.entries(MEAL_IMPORT_CATEGORY_WORDS).flatMap(([category, words]) =>
  words.filter((w) => w !== category),
);

export function FileFormatHelp() {
  const { t } = useTranslation('meal-eligibility-import', { keyPrefix: 'format' });
  const columns = [
    { title: t('studentNumber'), names: MEAL_IMPORT_COLUMNS.student_number, values: null },
    {
      title: t('category'),
      names: MEAL_IMPORT_COLUMNS.category,
      values: t('categoryValues', { words: otherWords.join(', ') }),
    },
    {
      title: t('effectiveDate'),
      names: MEAL_IMPORT_COLUMNS.effective_date,
      values: t('dateValues', { formats: MEAL_IMPORT_DATE_FORMATS.join(', ') }),
    },
  ];
  return (
    <Box as="section" aria-labelledby="meal-import-format" borderWidth="1px" rounded="md" p="4">
      <Stack gap="2">
        <Heading as="h2" size="sm" id="meal-import-format">
          {t('title')}
        </Heading>
        <Text fontSize="sm">{t('header')}</Text>
        <List.Root ps="5" gap="2" fontSize="sm">
          {columns.map((column) => (
            <List.Item key={column.title}>
              <Text as="span" fontWeight="semibold">
                {column.title}
              </Text>
              <Text>{t('names', { names: quoted(column.names) })}</Text>
              {column.values && <Text>{t('values', { values: column.values })}</Text>}
            </List.Item>
          ))}
        </List.Root>
        <Text fontSize="sm">{t('encoding')}</Text>
        <Text fontSize="sm">{t('rule')}</Text>
      </Stack>
    </Box>
  );
}
