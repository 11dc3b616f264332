/**
 * Label and value pairs as a plain description list (dl, dt, dd) in two columns from `sm` up, one on phones. The theme
 * has no recipe for Chakra's DataList (src/ui/theme/system.test.ts), and a list of facts is all it would add.
 */
import { Box, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

export function DescriptionList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'minmax(8rem, auto) 1fr' }}
      columnGap="4"
      rowGap="1"
      m="0"
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Text as="dt" fontWeight="semibold" fontSize="sm">
            {label}
          </Text>
          <Text as="dd" m="0" fontSize="sm">
            {value}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}
