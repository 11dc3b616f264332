/** One titled part of the device panel: a `section` named by its heading, so screen readers list them as regions. */
import { Flex, Heading, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

export interface PanelSectionProps {
  title: string;
  /** Buttons beside the heading (the export). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A panel section with an h3 heading. */
export function PanelSection({ title, actions, children }: PanelSectionProps) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Flex align="center" justify="space-between" gap="2" wrap="wrap">
        <Heading as="h3" size="sm" id={id}>
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </Stack>
  );
}
