/**
 * The printed day list. The screen's table is paged and has buttons; the print is every matching scholar in a
 * plain table. It is rendered only while printing (the Print button, or the browser's own Print command through
 * `beforeprint`), so 5,000 hidden rows do not weigh on the screen, and a print-only style hides the rest of the
 * page (app bar, navigation; the screen's own list takes no room at all) without touching the layout's code.
 */
import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { SchoolLogo, useKnownSchoolLogoUrl } from '../../../ui/school-logo';
import { useKnownSchoolName } from '../../../ui/school-name';
import { useSchoolWords } from '../../../ui/school-words';
import { styleNonce } from '../../../ui/theme/style-nonce';
import { formatClockTime } from '../model/school-clock';
import type { DayRow } from './day-list';

const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-check-in-screen] { display: none !important; }
  [data-check-in-print], [data-check-in-print] * { visibility: visible !important; }
  [data-check-in-print] { display: block !important; position: absolute; left: 0; top: 0; width: 100%; }
  [data-check-in-print] table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  [data-check-in-print] th, [data-check-in-print] td { border: 1px solid #999; padding: 2pt 4pt; text-align: left; }
  [data-check-in-print] thead { display: table-header-group; }
}`;

/** Whether the page is being printed, and the Print action. */
export function usePrinting(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = useCallback(() => {
    flushSync(() => setPrinting(true));
    window.print();
  }, []);
  return { printing, print };
}

export interface PrintSheetProps {
  title: string;
  summary: string;
  rows: readonly DayRow[];
  timeZone: string;
}

/** The print-friendly table of the day (hidden on screen). */
export function PrintSheet({ title, summary, rows, timeZone }: PrintSheetProps) {
  const { t, i18n } = useTranslation('check-in');
  const words = useSchoolWords();
  const schoolName = useKnownSchoolName();
  const logoUrl = useKnownSchoolLogoUrl();
  const columns = ['name', 'studentNumber', 'grade', 'homeroom', 'state', 'time', 'reason'] as const;
  return (
    <Box data-check-in-print="" display="none">
      <style nonce={styleNonce()}>{PRINT_CSS}</style>
      <Flex align="center" gap="3">
        <SchoolLogo url={logoUrl} name={schoolName} size="3rem" />
        <Heading as="h2" size="md">
          {schoolName ? `${schoolName} · ${title}` : title}
        </Heading>
      </Flex>
      <Text mb="2">{summary}</Text>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{t(`day.columns.${c}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ scholar, day }) => (
            <tr key={scholar.id}>
              <td>{`${scholar.fname} ${scholar.lname}`}</td>
              <td>{scholar.student_number}</td>
              <td>{scholar.grade}</td>
              <td>{words.homeroom(scholar.homeroom)}</td>
              <td>{t(`states.${day.state}`)}</td>
              <td>{day.at ? formatClockTime(day.at, timeZone, i18n.language) : ''}</td>
              <td>{words.reason(day.reason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
