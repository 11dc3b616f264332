/** The frame every portal screen shares: its h1 (the screen's title), a line under it, then its content. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PortalScreenProps {
  title: string;
  /** A line under the title (the day, the week, the month). */
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The screen. */
export function PortalScreen({ title, subtitle, children }: PortalScreenProps) {
  return (
    <Stack gap="4" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * A list without bullets: of cards (arrivals, announcements: each item draws its own border), or of rows in one
 * bordered box (a day's classes and meetings, each a TimeRow).
 */
export function ItemList({ children, variant = 'cards' }: { children: ReactNode; variant?: 'cards' | 'rows' }) {
  return variant === 'rows' ? (
    <Stack as="ul" gap="0" listStyleType="none" m="0" px="3" borderWidth="1px" borderRadius="md">
      {children}
    </Stack>
  ) : (
    <Stack as="ul" gap="2" listStyleType="none" p="0" m="0">
      {children}
    </Stack>
  );
}
