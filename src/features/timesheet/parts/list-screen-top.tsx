/**
 * The top of the section's list screens (View Records, View Conferences): the screen's name as its one heading, what
 * the screen shows, and the filters in a section of their own (named "Filters" for screen readers).
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListScreenTopProps {
  title: string;
  intro: string;
  /** The filters. */
  children: ReactNode;
}

/** The heading, the intro and the filters. */
export function ListScreenTop({ title, intro, children }: ListScreenTopProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'filters' });
  return (
    <>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text>{intro}</Text>
      <Stack as="section" aria-label={t('label')} gap="4">
        {children}
      </Stack>
    </>
  );
}
