/**
 * The reason step of the kiosk: after the late threshold an arrival needs a reason from the administrator's list
 * (school_settings.late_reasons), and an early departure always does (departure_reasons). The time recorded is the
 * time of the tap, not of the answer.
 */
import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { ReasonPicker } from '../parts/reason-picker';
import { ScholarPhoto, scholarName } from '../parts/scholar-photo';

export interface ReasonStepProps {
  scholar: DemographicRecord;
  purpose: 'late' | 'departure';
  reasons: readonly string[];
  /** The school's Spanish wording of the reasons (shown to a child reading Spanish). */
  reasonsEs?: Readonly<Record<string, string>>;
  busy: boolean;
  onPick: (reason: string) => void;
  onCancel: () => void;
}

/** Who, the question, and the reasons. */
export function ReasonStep({ scholar, purpose, reasons, reasonsEs, busy, onPick, onCancel }: ReasonStepProps) {
  const { t } = useTranslation('check-in');
  return (
    <Card.Root size="lg">
      <Card.Body>
        <Stack gap="6">
          <HStack gap="4">
            <ScholarPhoto scholar={scholar} size="md" />
            <Stack gap="1">
              <Text fontSize="2xl" fontWeight="semibold">
                {scholarName(scholar)}
              </Text>
              <Heading as="h2" size="2xl">
                {purpose === 'late' ? t('arrivals.lateQuestion') : t('arrivals.departureQuestion')}
              </Heading>
            </Stack>
          </HStack>
          <ReasonPicker reasons={reasons} reasonsEs={reasonsEs} onPick={onPick} onCancel={onCancel} large busy={busy} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
