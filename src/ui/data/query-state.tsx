/**
 * The states every online screen has besides its content (STYLE.md, "Errors and states"): loading, offline, error and
 * empty. Offline is told apart from an error because the remedy differs: a connection, not a retry later. It counts as
 * offline when the call could not reach the server (`ApiError.isOffline`), when the browser says so
 * (`navigator.onLine`), or when TanStack Query paused the fetch for want of a network.
 *
 * When a refetch fails while earlier data is on screen, the data stays and the message shows above it.
 */
import { Alert, Button, EmptyState, SkeletonText, Stack, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/** What QueryState reads from a TanStack `useQuery` result (any result fits). */
export interface QueryLike {
  data: unknown;
  isError: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/** True when the query failed or waits because there is no connection. */
export function isOfflineQuery(query: Pick<QueryLike, 'isError' | 'error' | 'fetchStatus'>): boolean {
  if (query.fetchStatus === 'paused') return true;
  if (!query.isError) return false;
  if (query.error instanceof ApiError && query.error.isOffline) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export interface QueryStateProps {
  query: QueryLike;
  /** True when the data has nothing to show. */
  isEmpty: boolean;
  emptyText: string;
  /** What to say offline; the common 'not downloaded to this device' text by default. */
  offlineText?: string;
  skeletonRows?: number;
  children: ReactNode;
}

interface MessageProps {
  status: 'warning' | 'error';
  text: string;
  onRetry: () => void;
}

function Message({ status, text, onRetry }: MessageProps) {
  const { t } = useTranslation();
  return (
    <Alert.Root status={status} alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" colorPalette="primary" onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </Alert.Root>
  );
}

/** Loading skeleton, offline or error message with Retry, empty text, or else its children. */
export function QueryState({ query, isEmpty, emptyText, offlineText, skeletonRows = 5, children }: QueryStateProps) {
  const { t } = useTranslation();
  const offline = isOfflineQuery(query);
  const hasData = query.data !== undefined;
  const retry = () => void query.refetch();
  const problem =
    offline || query.isError ? (
      <Message
        status={offline ? 'warning' : 'error'}
        text={
          offline
            ? (offlineText ?? t('states.offlineNoData'))
            : query.error instanceof ApiError
              ? query.error.message
              : t('states.error')
        }
        onRetry={retry}
      />
    ) : null;

  if (!hasData) {
    if (problem) return problem;
    return (
      <Stack gap="2" aria-busy="true" role="status">
        <VisuallyHidden>{t('states.loading')}</VisuallyHidden>
        <SkeletonText noOfLines={skeletonRows} height="6" gap="3" />
      </Stack>
    );
  }

  return (
    <Stack gap="3">
      {problem}
      {isEmpty ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Description>{emptyText}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        children
      )}
    </Stack>
  );
}
