/** The From and To dates of a list of meetings or events (`filter[from]`, `filter[to]` on when they start). */
import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextField } from './fields';
import type { ListState } from './use-list-state';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter the address asks for: each date when it is one. */
export function dateRangeFilter(params: URLSearchParams): Record<string, string | undefined> {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  return { from: day('from'), to: day('to') };
}

/** The two date inputs. */
export function DateRangeFilter({ state }: { state: ListState }) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'list' });
  const range = dateRangeFilter(state.params);
  return (
    <HStack gap="3" wrap="wrap" align="flex-end">
      {(['from', 'to'] as const).map((key) => (
        <TextField
          key={key}
          type="date"
          label={t(key)}
          value={range[key] ?? ''}
          w={{ base: 'full', sm: '44' }}
          onChange={(v) => state.change({ [key]: v })}
        />
      ))}
    </HStack>
  );
}
