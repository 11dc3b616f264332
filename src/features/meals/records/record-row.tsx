/**
 * One meal record: when it was served (the school's clock), the service, the scholar, grade and homeroom, the
 * category for those who may see eligibility, and notes. A voided record is struck through AND says "Voided" with its
 * reason (strike-through alone is lost on a screen reader); a meal added later says so with its reason.
 */
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, NslpRecord } from '../../../contract';
import { useSchoolWords } from '../../../ui/school-words';
import { scholarName } from './model/scholars';
import { formatDay, formatTime } from './model/school-day';

export interface RecordRowProps {
  record: NslpRecord;
  scholar: DemographicRecord | undefined;
  timeZone: string;
  showEligibility: boolean;
  /** Offered only to those who may void (nslp_records-update). */
  onVoid?: (record: NslpRecord) => void;
}

/** A row of the records table. */
export function RecordRow({ record, scholar, timeZone, showEligibility, onVoid }: RecordRowProps) {
  const { t, i18n } = useTranslation('meal-records');
  const words = useSchoolWords();
  const locale = i18n.language;
  const name = scholar ? scholarName(scholar) : t('table.unknownScholar');
  const day = formatDay(record.served_on, locale);
  const meal = t(`mealTypes.${record.meal_type}`);
  const struck = record.voided ? { textDecoration: 'line-through', color: 'fg.muted' } : {};
  return (
    <Table.Row data-voided={record.voided || undefined}>
      <Table.Cell {...struck}>
        <Text>{day}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatTime(record.served_at, timeZone, locale)}
        </Text>
      </Table.Cell>
      <Table.Cell {...struck}>{meal}</Table.Cell>
      <Table.Cell {...struck}>
        <Text fontWeight="medium">{name}</Text>
        {scholar && (
          <Text fontSize="sm" color="fg.muted">
            #{scholar.student_number}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{scholar?.grade ?? ''}</Table.Cell>
      <Table.Cell>{words.homeroom(scholar?.homeroom)}</Table.Cell>
      {showEligibility && <Table.Cell>{record.eligibility ? t(`eligibility.${record.eligibility}`) : ''}</Table.Cell>}
      <Table.Cell>
        <Stack gap="1" align="flex-start">
          {record.voided && (
            <Text fontSize="sm">
              <Badge colorPalette="red" me="1">
                {t('table.voided')}
              </Badge>
              {record.void_reason}
            </Text>
          )}
          {record.added_as_missing && (
            <Text fontSize="sm">
              <Badge colorPalette="orange" me="1">
                {t('table.addedLater')}
              </Badge>
              {record.missing_reason}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      {onVoid && (
        <Table.Cell textAlign="end">
          {!record.voided && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={t('void.actionFor', { meal: meal.toLocaleLowerCase(locale), name, day })}
              onClick={() => onVoid(record)}
            >
              {t('void.action')}
            </Button>
          )}
        </Table.Cell>
      )}
    </Table.Row>
  );
}
