/**
 * What the last action did, large enough to read from the line: the scholar's photo and name with "Lunch counted"
 * in green, or "Not counted: already had lunch at 11:52" in red (nothing was recorded), or why nothing happened
 * (a badge not on the roster). Meal eligibility is never shown here (DESIGN section 7).
 */
import { Alert, Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClockTime } from '../../../ui/school-clock';
import { ScholarPhoto, scholarName } from '../parts/scholar-photo';
import type { LineOutcome } from './use-meal-line';

export interface OutcomePanelProps {
  outcome: LineOutcome | null;
  timeZone: string;
}

/** The outcome of the last action, or a hint of what to do when there is none yet. */
export const OutcomePanel = memo(function OutcomePanel({ outcome, timeZone }: OutcomePanelProps) {
  const { t, i18n } = useTranslation('meals');
  if (!outcome) {
    return (
      <Text color="fg.muted" fontSize="lg">
        {t('line.hint')}
      </Text>
    );
  }
  if (outcome.kind === 'error') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description fontSize="lg">{outcome.message}</Alert.Description>
      </Alert.Root>
    );
  }
  const counted = outcome.kind === 'counted';
  const meal = t(`mealTypes.${outcome.mealType}`);
  const time = formatClockTime(counted ? outcome.at : outcome.firstAt, timeZone, i18n.language);
  return (
    <Card.Root
      role="status"
      borderWidth="3px"
      borderColor={counted ? 'green.solid' : 'red.solid'}
      bg={counted ? 'green.subtle' : 'red.subtle'}
    >
      <Card.Body>
        <HStack gap="5">
          <ScholarPhoto scholar={outcome.scholar} size="xl" />
          <Stack gap="2">
            <Text as="h2" fontSize="3xl" fontWeight="bold">
              {scholarName(outcome.scholar)}
            </Text>
            <Badge size="lg" fontSize="xl" px="3" py="1" colorPalette={counted ? 'green' : 'red'} alignSelf="start">
              {counted ? t('line.counted', { meal }) : t('line.notCounted')}
            </Badge>
            <Text fontSize="xl">
              {counted
                ? t('line.countedAt', { time })
                : t('line.alreadyHad', { meal: t(`mealWords.${outcome.mealType}`), time })}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
});
