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

/** A list of items (meetings, classes, arrivals) without bullets. */
export function ItemList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" aria-label={label}>
      {children}
    </Stack>
  );
}
