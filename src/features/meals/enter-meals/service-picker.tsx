/**
 * The meal service the line is recording (breakfast, lunch, snack, supper) and how many scholars had it today. The
 * default follows the school's clock (model/meal-service.ts); a tap picks another one for as long as the screen is open.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MEAL_TYPES, type MealType } from '../model/meal-service';

export interface ServicePickerProps {
  mealType: MealType;
  count: number;
  onChoose: (type: MealType) => void;
}

/** The four services as toggle buttons, and the running count of the chosen one. */
export const ServicePicker = memo(function ServicePicker({ mealType, count, onChoose }: ServicePickerProps) {
  const { t } = useTranslation('meals');
  return (
    <Stack gap="3">
      <HStack role="group" aria-label={t('line.service')} gap="2" wrap="wrap">
        {MEAL_TYPES.map((type) => (
          <Button
            key={type}
            size="xl"
            flex="1"
            minW="8rem"
            variant={type === mealType ? 'solid' : 'outline'}
            colorPalette={type === mealType ? 'primary' : 'gray'}
            aria-pressed={type === mealType}
            onClick={() => onChoose(type)}
          >
            {t(`mealTypes.${type}`)}
          </Button>
        ))}
      </HStack>
      <Text fontSize="2xl" fontWeight="semibold" aria-live="polite">
        {t('line.count', { count, meal: t(`mealTypes.${mealType}`) })}
      </Text>
    </Stack>
  );
});
