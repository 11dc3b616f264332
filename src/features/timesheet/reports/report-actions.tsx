/**
 * Print and Download CSV of what a report shows. The CSV is built from the answer already on screen (the whole range is
 * one answer), so nothing more is fetched; the notice says the file is on its way.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../ui/data/csv';
import { addNotification } from '../../../ui/notifications';

/** A CSV file: its name, header and rows. */
export interface ReportCsv {
  fileName: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface ReportActionsProps {
  /** Builds the file when the button is pressed. */
  csv: () => ReportCsv;
  disabled?: boolean;
}

/** The Print and Download CSV buttons. */
export function ReportActions({ csv, disabled }: ReportActionsProps) {
  const { t } = useTranslation('timesheet-reports');
  const download = () => {
    const file = csv();
    downloadCsv(file.fileName, file.header, file.rows);
    addNotification({ text: t('csv.done'), type: 'success' });
  };
  return (
    <HStack gap="2" wrap="wrap" data-screen-only="">
      <Button size="sm" minH="10" variant="outline" onClick={() => window.print()} disabled={disabled}>
        {t('print')}
      </Button>
      <Button size="sm" minH="10" variant="outline" onClick={download} disabled={disabled}>
        {t('csv.button')}
      </Button>
    </HStack>
  );
}
