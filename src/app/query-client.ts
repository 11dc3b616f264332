/**
 * TanStack Query for the online screens: reads retry a little (the HTTP client already retries network errors),
 * writes never retry on their own, and nothing refetches on window focus for kiosks that are always focused.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** A query client with the app's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | null = null;

/** The app's one query client (the section and station layouts share it, so the cache survives moving between them). */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
