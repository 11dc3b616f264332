/**
 * Whose portal this is, under the app bar: a scholar sees their own name; a parent of several scholars chooses one
 * in a labelled select (names and grades), and every screen follows the choice.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/form/select-field';
import { usePortal } from '../portal-context';
import { scholarName } from './portal-format';

/** The strip with the scholar's name or the switcher. */
export function ScholarSwitcher() {
  const { t } = useTranslation('portal');
  const { scholars, scholar, setScholarId } = usePortal();
  return (
    <Box px={{ base: '3', md: '6' }} py="2" borderBottomWidth="1px" bg="bg.subtle">
      {scholars.length > 1 ? (
        <SelectField
          label={t('layout.scholar')}
          value={scholar.id}
          choices={scholars.map((s) => [s.id, t('layout.scholarOption', { name: scholarName(s), grade: s.grade })])}
          onChange={setScholarId}
          w={{ base: 'full', sm: 'sm' }}
        />
      ) : (
        <Flex align="baseline" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{scholarName(scholar)}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('layout.grade', { grade: scholar.grade })}
          </Text>
        </Flex>
      )}
    </Box>
  );
}
