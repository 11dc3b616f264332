/**
 * One pick-up adult in the edit list: photo, name, relationship, phone, status (a refusal in red with its note),
 * valid dates, and the Edit and Deactivate (or Reactivate) buttons, named with the adult's name.
 */
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { Face } from './photo';

export interface AdultCardProps {
  adult: AuthorizedPickUpRecord;
  onEdit: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}

/** The adult's card. */
export function AdultCard({ adult, onEdit, onDeactivate, onReactivate }: AdultCardProps) {
  const { t } = useTranslation('pick-ups');
  const refused = adult.status === 'not_authorized';
  const dates =
    adult.valid_from || adult.valid_until
      ? t('list.dates', { from: adult.valid_from ?? '…', until: adult.valid_until ?? '…' })
      : t('list.noDates');
  return (
    <Card.Root
      as="li"
      aria-label={adult.full_name}
      variant="outline"
      borderColor={refused ? 'red.solid' : undefined}
      opacity={adult.active ? 1 : 0.7}
    >
      <Card.Body>
        <HStack gap="4" align="start">
          <Face name={adult.full_name} photoId={adult.photo_id} size="2xl" />
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" fontSize="lg">
                {adult.full_name}
              </Text>
              <Badge colorPalette={refused ? 'red' : 'green'}>{t(`status.${adult.status}`)}</Badge>
              {!adult.active && <Badge colorPalette="gray">{t('list.inactive')}</Badge>}
            </HStack>
            <Text color="fg.muted">
              {[adult.relationship, adult.phone].filter(Boolean).join(' · ') || t('list.noDetails')}
            </Text>
            <Text fontSize="sm">{dates}</Text>
            {adult.notes && (
              <Text fontSize="sm" color={refused ? 'red.fg' : undefined}>
                {adult.notes}
              </Text>
            )}
          </Stack>
          <Stack gap="2">
            <Button
              size="sm"
              variant="outline"
              aria-label={t('list.editNamed', { name: adult.full_name })}
              onClick={onEdit}
            >
              {t('list.edit')}
            </Button>
            {adult.active ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                aria-label={t('list.deactivateNamed', { name: adult.full_name })}
                onClick={onDeactivate}
              >
                {t('list.deactivate')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                aria-label={t('list.reactivateNamed', { name: adult.full_name })}
                onClick={onReactivate}
              >
                {t('list.reactivate')}
              </Button>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
