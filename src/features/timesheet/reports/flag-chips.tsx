/**
 * A day's compliance flags as chips in the words of the `timesheet` namespace ('Over 8 hours this day'), and the
 * open record's state ('Clocked in' today, 'Missing clock-out' on a past day). Words on a tint, never colour alone.
 */
import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FlagCode } from '../../../contract';

export interface FlagChipsProps {
  flags: readonly FlagCode[];
  /** An open record: 'clockedIn' today, 'missingOut' on a past day. */
  open?: 'clockedIn' | 'missingOut' | null;
}

/** The chips, or nothing when there are none. */
export function FlagChips({ flags, open }: FlagChipsProps) {
  const { t } = useTranslation('timesheet');
  const { t: tr } = useTranslation('timesheet-reports');
  if (!flags.length && !open) return null;
  return (
    <HStack as="ul" gap="1" wrap="wrap" listStyleType="none" aria-label={tr('flags.label')}>
      {open && (
        <li>
          <Badge colorPalette={open === 'missingOut' ? 'red' : 'blue'} variant="subtle" whiteSpace="normal">
            <span aria-hidden="true">{open === 'missingOut' ? '⚠' : '●'}</span> {tr(`open.${open}`)}
          </Badge>
        </li>
      )}
      {flags.map((code) => (
        <li key={code}>
          <Badge colorPalette="orange" variant="subtle" whiteSpace="normal">
            <span aria-hidden="true">⚑</span> {t(`flags.${code}`)}
          </Badge>
        </li>
      ))}
    </HStack>
  );
}
