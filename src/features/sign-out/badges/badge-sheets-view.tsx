/**
 * The sheets of badge cards, on screen as a preview and on paper as they are: each sheet a 2×4 grid sized for the
 * paper (see badge-sheets.ts). The print style shows only the sheets: everything else on the page (app bar,
 * navigation, the page's own controls) is taken out of the layout while printing, the sheets' ancestors lose their
 * spacing, and each sheet starts a new page. Like the Check In/Out print sheet, it needs nothing from the layout's
 * code; unlike it, the rest of the page is `display: none` rather than invisible, so no blank pages follow.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { styleNonce } from '../../../ui/theme/style-nonce';
import { BadgeCard } from './badge-card';
import { PAPER_LAYOUT, type Paper, printCss, toSheets } from './badge-sheets';

const SCOPE = '[data-badge-print]';

const PRINT_ONLY_CSS = `@media print {
  body *:not(${SCOPE}):not(${SCOPE} *):not(:has(${SCOPE})) { display: none !important; }
  body *:has(${SCOPE}) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; width: auto !important; height: auto !important; min-height: 0 !important;
    max-width: none !important; overflow: visible !important; box-shadow: none !important;
    background: none !important; transform: none !important;
  }
  html, body { background: #fff !important; }
  ${SCOPE} [data-badge-screen-only] { display: none !important; }
  ${SCOPE} [data-badge-sheet] { margin: 0 !important; padding: 0 !important; box-shadow: none !important; border: 0 !important; width: auto !important; min-height: 0 !important; break-after: page; break-inside: avoid; }
  ${SCOPE} [data-badge-sheet]:last-of-type { break-after: auto; }
  ${SCOPE} [data-badge-card] { break-inside: avoid; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

export interface BadgeSheetsViewProps {
  scholars: readonly DemographicRecord[];
  paper: Paper;
}

/** Every sheet of the cards. */
export function BadgeSheetsView({ scholars, paper }: BadgeSheetsViewProps) {
  const { t } = useTranslation('pick-ups');
  const sheets = toSheets(scholars);
  const layout = PAPER_LAYOUT[paper];
  return (
    <Box data-badge-print="" overflowX="auto">
      <style nonce={styleNonce()}>{`${printCss(paper, SCOPE)}\n${PRINT_ONLY_CSS}`}</style>
      <Stack gap="6" align="start">
        {sheets.map((sheet, i) => (
          <Box key={sheet[0]?.id ?? i}>
            <Text data-badge-screen-only="" fontSize="sm" color="fg.muted" mb="1">
              {t('badges.sheetOf', { sheet: i + 1, sheets: sheets.length })}
            </Text>
            <Box
              as="section"
              data-badge-sheet=""
              aria-label={t('badges.sheetOf', { sheet: i + 1, sheets: sheets.length })}
              display="grid"
              bg="white"
              boxShadow="md"
              borderWidth="1px"
              style={{
                padding: layout.margin,
                width: layout.width,
                minHeight: layout.height,
                boxSizing: 'border-box',
                alignContent: 'start',
              }}
            >
              {sheet.map((scholar) => (
                <BadgeCard key={scholar.id} scholar={scholar} />
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
