/**
 * The bar that appears above the matrix while ticks are not saved: how many cells changed, Discard,
 * and the one Save changes, which opens the confirmation that lists them. Nothing reaches the server before that.
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PendingChangesBarProps {
  count: number;
  onDiscard: () => void;
  onSave: () => void;
}

/** The unsaved changes' count with Discard and Save changes. */
export function PendingChangesBar({ count, onDiscard, onSave }: PendingChangesBarProps) {
  const { t } = useTranslation('admin');
  return (
    <HStack
      role="region"
      aria-label={t('changes.region')}
      wrap="wrap"
      gap="3"
      p="3"
      borderWidth="1px"
      borderColor="yellow.emphasized"
      borderRadius="md"
      bg="yellow.subtle"
    >
      <Text fontWeight="semibold" flex="1" minW="12rem" aria-live="polite">
        {t('changes.count', { count })}
      </Text>
      <Button variant="outline" minH="11" onClick={onDiscard}>
        {t('changes.discard')}
      </Button>
      <Button colorPalette="primary" minH="11" onClick={onSave}>
        {t('changes.save')}
      </Button>
    </HStack>
  );
}
