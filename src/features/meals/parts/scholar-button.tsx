/**
 * One scholar as a touch target of the serving line (a search result, a photo in the grid): one tap records the
 * meal. A scholar who already had the meal of this service today shows it, and a tap then says "not counted".
 */
import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { useSchoolWords } from '../../../ui/school-words';
import type { MealType } from '../model/meal-service';
import { ScholarPhoto, scholarName } from './scholar-photo';

export interface ScholarButtonProps {
  scholar: DemographicRecord;
  mealType: MealType;
  /** Already had this service's meal today. */
  served: boolean;
  layout: 'row' | 'tile';
  onServe: (scholar: DemographicRecord) => void;
}

/** The button: photo, name, details, and 'Had lunch' when so. */
export function ScholarButton({ scholar, mealType, served, layout, onServe }: ScholarButtonProps) {
  const { t } = useTranslation('meals');
  const words = useSchoolWords();
  const name = scholarName(scholar);
  const details = [
    t('grade', { grade: scholar.grade }),
    words.homeroom(scholar.homeroom),
    `#${scholar.student_number}`,
  ];
  const tile = layout === 'tile';
  return (
    <Button
      variant="outline"
      h="auto"
      w="100%"
      py="3"
      flexDirection={tile ? 'column' : 'row'}
      justifyContent={tile ? 'center' : 'flex-start'}
      gap="3"
      whiteSpace="normal"
      aria-label={t('line.record', { meal: t(`mealWords.${mealType}`), name })}
      onClick={() => onServe(scholar)}
    >
      <ScholarPhoto scholar={scholar} size={tile ? 'lg' : 'md'} />
      <Stack as="span" gap="1" align={tile ? 'center' : 'start'} minW="0">
        <Text as="span" fontSize="lg" fontWeight="semibold" textAlign={tile ? 'center' : 'start'}>
          {name}
        </Text>
        {!tile && (
          <Text as="span" fontSize="sm" color="fg.muted">
            {details.filter(Boolean).join(' · ')}
          </Text>
        )}
        {served && (
          <Badge as="span" colorPalette="gray">
            {t('line.had', { meal: t(`mealWords.${mealType}`) })}
          </Badge>
        )}
      </Stack>
    </Button>
  );
}
