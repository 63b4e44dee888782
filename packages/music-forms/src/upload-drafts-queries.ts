import type { TTrackDraft, TTrackDraftList, TTrackDraftUpdate } from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

/** The signed-in user's upload drafts: the same list on /backstage/upload and /admin/upload. */
export const uploadDraftsQuery = () =>
  queryOptions({
    queryKey: ['backstage', 'drafts'] as const,
    queryFn: () => apiClient.get<TTrackDraftList>('backstage/drafts'),
  });

export const createUploadDraft = async (fileEntryId: number) =>
  (await apiClient.post<{ draft: TTrackDraft }>('backstage/drafts', { file_entry_id: fileEntryId })).draft;

export const saveUploadDraft = async (id: number, patch: TTrackDraftUpdate) =>
  (await apiClient.put<{ draft: TTrackDraft }>(`backstage/drafts/${id}`, patch)).draft;

export const deleteUploadDraft = (id: number) => apiClient.delete(`backstage/drafts/${id}`);

/** Track order (tag numbers first), then title: how a new draft joins the list. */
export function byTrackOrder(a: TTrackDraft, b: TTrackDraft): number {
  return (a.number ?? 999) - (b.number ?? 999) || a.name.localeCompare(b.name);
}
