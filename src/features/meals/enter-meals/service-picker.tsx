/**
 * The meal service the line is recording (those of breakfast, lunch, snack and supper the school serves) and how many
 * scholars had it today. The default follows the school's clock and its services' windows (model/meal-service.ts); a
 * tap picks another one for as long as the screen is open.
 */
import { Button, HStack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MealType } from '../model/meal-service';

export interface ServicePickerProps {
  mealType: MealType;
  /** The services the school serves, in the order of the day. */
  offered: readonly MealType[];
  count: number;
  onChoose: (type: MealType) => void;
}

/** The offered services as toggle buttons; memoised apart from the count, which changes with every meal. */
const ServiceButtons = memo(function ServiceButtons({
  mealType,
  offered,
  onChoose,
}: Omit<ServicePickerProps, 'count'>) {
  const { t } = useTranslation('meals');
  return (
    <HStack role="group" aria-label={t('line.service')} gap="2" wrap="wrap">
      {offered.map((type) => (
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
  );
});

const PICKER_STYLE = { display: 'flex', flexDirection: 'column', gap: 'var(--chakra-spacing-3)' } as const;
const COUNT_STYLE = { margin: 0, fontSize: 'var(--chakra-font-sizes-2xl)', fontWeight: 600 } as const;

/**
 * The services and the running count of the chosen one. The count and the box are plain elements: it changes with the tap's
 * confirmation, which waits for its render (bench/meal-tap.mjs).
 */
export const ServicePicker = memo(function ServicePicker({ mealType, offered, count, onChoose }: ServicePickerProps) {
  const { t } = useTranslation('meals');
  return (
    <div style={PICKER_STYLE}>
      <ServiceButtons mealType={mealType} offered={offered} onChoose={onChoose} />
      <p style={COUNT_STYLE} aria-live="polite">
        {t('line.count', { count, meal: t(`mealTypes.${mealType}`) })}
      </p>
    </div>
  );
});
