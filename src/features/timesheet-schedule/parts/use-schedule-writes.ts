/**
 * The writes of one of the section's resources (save: create or update; delete), each refreshing that resource's
 * lists and expected hours, which are worked out from every one of them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expectedKeys } from '../api/schedules-api';

interface WritableApi<Rec, Create, Update> {
  keys: { all: readonly unknown[] };
  create: (body: Create) => Promise<Rec>;
  update: (id: string, body: Update) => Promise<Rec>;
  remove: (id: string) => Promise<unknown>;
}

export interface SaveInput<Create> {
  /** The record to change; null adds one. */
  id: string | null;
  body: Create;
}

/** Save and delete of a resource. */
export function useScheduleWrites<Rec, Create, Update>(api: WritableApi<Rec, Create, Update>) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([api.keys.all, expectedKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })));
  const save = useMutation({
    mutationFn: ({ id, body }: SaveInput<Create>) =>
      id ? api.update(id, body as unknown as Update) : api.create(body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.remove(id), onSuccess: refresh });
  return { save, remove };
}
