/** What the device panel needs to name entries: scholars' names from the device's roster, staff names, the school's clock. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { knownSchoolTimeZone } from '../intl-format';
import type { OutboxEntry, SyncSource } from './sync-source';
import type { EntryContext } from './sync-texts';

/** The context for these entries (their scholars' names load from the roster once). */
export function useEntryContext(
  source: Pick<SyncSource, 'useScholarNames' | 'recorderName'>,
  entries: readonly OutboxEntry[] | undefined,
): EntryContext {
  const { i18n } = useTranslation('sync');
  const ids = useMemo(
    () => (entries ?? []).flatMap((e) => (typeof e.data.scholar_id === 'string' ? [e.data.scholar_id] : [])),
    [entries],
  );
  const scholarNames = source.useScholarNames(ids);
  return {
    scholarNames,
    recorderName: source.recorderName,
    timeZone: knownSchoolTimeZone(),
    language: i18n.resolvedLanguage ?? i18n.language,
  };
}
