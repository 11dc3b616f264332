/**
 * The car tag's hang tag for the car's mirror, on screen as a preview and on paper as it is: the number large enough
 * to read from a classroom window, its QR code (read by the pick-up line's camera), and the children's first names
 * and homerooms. Printed as the badge sheets are (src/features/sign-out/badges/badge-sheets-view.tsx): the print style
 * shows only the tag, on a Letter page, everything else taken out of the layout.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CarTag } from '../../../contract';
import { QrCode } from '../../../ui/qr/qr-code';
import { styleNonce } from '../../../ui/theme/style-nonce';

/** The QR code's text: what the curb's scanner reads as this tag (see sign-out/car-line/use-car-line-queue.ts). */
export const carTagCode = (number: number) => `CAR-TAG:${number}`;

const SCOPE = '[data-car-tag-print]';

const PRINT_ONLY_CSS = `@media print {
  @page { size: letter; margin: 0.5in; }
  body *:not(${SCOPE}):not(${SCOPE} *):not(:has(${SCOPE})) { display: none !important; }
  body *:has(${SCOPE}) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; width: auto !important; height: auto !important; min-height: 0 !important;
    max-width: none !important; overflow: visible !important; box-shadow: none !important;
    background: none !important; transform: none !important;
  }
  html, body { background: #fff !important; }
  ${SCOPE} { break-inside: avoid; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

export function HangTag({ tag }: { tag: CarTag }) {
  const { t } = useTranslation('car-line');
  return (
    <Box
      data-car-tag-print=""
      as="figure"
      aria-label={t('tag.hangTag', { number: tag.number })}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="gray.400"
      bg="white"
      color="black"
      p="4"
      maxW="4in"
      style={{ width: '4in', boxSizing: 'border-box' }}
    >
      <style nonce={styleNonce()}>{PRINT_ONLY_CSS}</style>
      <Stack gap="3" align="center">
        <Text fontSize="96px" fontWeight="bold" lineHeight="1">
          {tag.number}
        </Text>
        <QrCode text={carTagCode(tag.number)} label={t('tag.qrLabel', { number: tag.number })} size="1.6in" />
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" textAlign="center">
          {tag.children.map((c) => (
            <Text as="li" key={c.scholar_id} fontSize="lg">
              {c.nickname || c.fname}
              {c.homeroom ? ` · ${c.homeroom}` : ''}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
