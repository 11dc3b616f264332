/** Save (create or update) and delete of one content resource, each refreshing that resource's lists. */
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface WritableApi<Rec, Create, Update> {
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

/** The save and delete mutations. */
export function useContentWrites<Rec, Create, Update>(api: WritableApi<Rec, Create, Update>) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: api.keys.all });
  const save = useMutation({
    // An update sends every field of the form, the create's shape (`_method` is added by the resource helper).
    mutationFn: ({ id, body }: SaveInput<Create>) =>
      id ? api.update(id, body as unknown as Update) : api.create(body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.remove(id), onSuccess: refresh });
  return { save, remove };
}

export type ContentSave<Rec, Create> = ReturnType<typeof useContentWrites<Rec, Create, never>>['save'];
