/**
 * The scholars a new adult is for: one, or several siblings at once (up to MAX_PICK_UP_SIBLINGS), each with a
 * Remove button, and the search that adds more. The field's error ('Choose at least one scholar.') sits under it.
 */
import { Button, Field, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type DemographicRecord, MAX_PICK_UP_SIBLINGS } from '../../../contract';
import { ScholarSearch, scholarName } from './scholar-search';

export interface ChosenScholarsProps {
  scholars: readonly DemographicRecord[];
  error?: string;
  onChange: (scholars: DemographicRecord[]) => void;
}

/** The chosen scholars and the search. */
export function ChosenScholars({ scholars, error, onChange }: ChosenScholarsProps) {
  const { t } = useTranslation('pick-ups');
  const full = scholars.length >= MAX_PICK_UP_SIBLINGS;
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        {t('scholars.legend')}
      </Fieldset.Legend>
      <Fieldset.HelperText>{t('scholars.help', { max: MAX_PICK_UP_SIBLINGS })}</Fieldset.HelperText>
      <Stack gap="3">
        {scholars.length === 0 ? (
          <Text color="fg.muted">{t('scholars.noneChosen')}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="1" aria-label={t('scholars.chosen')}>
            {scholars.map((s) => (
              <li key={s.id}>
                <HStack justify="space-between" width="full" bg="bg.muted" px="3" py="1" borderRadius="md">
                  <Text fontWeight="medium">
                    {scholarName(s)}{' '}
                    <Text as="span" color="fg.muted" fontSize="sm" fontWeight="normal">
                      {t('scholars.details', { grade: s.grade, number: s.student_number })}
                    </Text>
                  </Text>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('scholars.removeNamed', { name: scholarName(s) })}
                    onClick={() => onChange(scholars.filter((x) => x.id !== s.id))}
                  >
                    {t('scholars.remove')}
                  </Button>
                </HStack>
              </li>
            ))}
          </Stack>
        )}
        <ScholarSearch
          label={t('scholars.searchLabel')}
          actionText={t('scholars.add')}
          actionLabel={(s) => t('scholars.addNamed', { name: scholarName(s) })}
          chosenIds={scholars.map((s) => s.id)}
          full={full}
          onPick={(s) => onChange([...scholars, s])}
        />
        {full && <Text fontSize="sm">{t('scholars.full', { max: MAX_PICK_UP_SIBLINGS })}</Text>}
      </Stack>
      <Field.Root invalid={Boolean(error)}>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </Fieldset.Root>
  );
}
