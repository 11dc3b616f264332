/**
 * The online writes of timesheet records (the timekeeper's edits, a record typed in by hand, a delete). Each one
 * refreshes every list of records, the summary (worked hours of Daily Combined, the Grid, Cumulative) and the pay
 * periods, which all read the records.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimesheetCreate, TimesheetRecord, TimesheetUpdate } from '../../../contract';
import { periodKeys, summaryKeys, timesheetsApi } from '../api/timesheets-api';

export type RecordSave = { id: null; body: TimesheetCreate } | { id: string; body: TimesheetUpdate };

/** Save (create or update) and delete of records. */
export function useRecordWrites() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      [timesheetsApi.keys.all, summaryKeys.all, periodKeys.all].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const save = useMutation({
    mutationFn: (input: RecordSave): Promise<TimesheetRecord> =>
      input.id === null ? timesheetsApi.create(input.body) : timesheetsApi.update(input.id, input.body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => timesheetsApi.remove(id), onSuccess: refresh });
  return { save, remove, refresh };
}
