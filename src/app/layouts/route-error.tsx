/**
 * The error boundary of every screen: a screen whose code could not load (offline before it was cached, or an update
 * replaced it) or that threw while rendering says so plainly and offers to reload, instead of a blank page.
 */
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the boundary shows. */
export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation(['common', 'errors']);
  const chunk =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <Center minH="60dvh" p="6">
      <Stack gap="4" maxW="md" textAlign="center" role="alert">
        <Heading as="h1" size="lg">
          {t('states.error')}
        </Heading>
        <Text>{chunk && !navigator.onLine ? t('states.offlineNoData') : t('errors:serverError')}</Text>
        <Button colorPalette="primary" onClick={() => window.location.reload()}>
          {t('states.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Catches what a screen throws while loading or rendering. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}
