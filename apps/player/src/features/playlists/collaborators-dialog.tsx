import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { IconButton } from '@cadence/ui/icon-button';
import { TextField } from '@cadence/ui/text-field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import UserPlusIcon from 'lucide-react/icons/user-plus';
import XIcon from 'lucide-react/icons/x';
import { useState } from 'react';
import { Artwork } from '../player-ui/track-artwork';
import { searchQuery } from '../search/search-queries';
import { useDebouncedValue } from '../search/use-debounced-value';
import { addCollaborator, removeCollaborator } from './playlist-queries';

/** The owner adds people (found by name) who may add, remove and reorder tracks, or removes them. */
export function CollaboratorsDialog({ playlist, onClose }: { playlist: TPlaylist; onClose: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, 250);
  const results = useQuery({ ...searchQuery(query, ['users'], 6), meta: { silentError: true } });
  const editors = playlist.editors ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['playlists', playlist.id] });
  const add = useMutation({
    mutationFn: (userId: number) => addCollaborator(playlist.id, userId),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: number) => removeCollaborator(playlist.id, userId),
    onSettled: refresh,
  });
  const candidates = (results.data?.results.users ?? []).filter(
    (user) => user.id !== playlist.owner_id && !editors.some((editor) => editor.id === user.id),
  );
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      size="sm"
      aria-label={trans('Collaborators')}
    >
      <DialogHeader>{trans('Collaborators')}</DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        {!playlist.collaborative && (
          <p className="text-sm text-muted">
            {trans('Make the playlist collaborative (Edit playlist) so collaborators can change its tracks.')}
          </p>
        )}
        <ul
          className="flex flex-col gap-2"
          aria-label={trans('Collaborators')}
          data-testid="collaborator-list"
        >
          {editors.length === 0 && <li className="text-sm text-muted">{trans('No collaborators yet.')}</li>}
          {editors.map((editor) => (
            <li key={editor.id} className="flex items-center gap-3">
              <Artwork src={editor.image} className="size-8" rounded="rounded-full" />
              <span className="flex-1 truncate text-sm">{editor.name}</span>
              <IconButton
                size="xs"
                aria-label={trans('Remove :name', { name: editor.name })}
                onPress={() => remove.mutate(editor.id)}
              >
                <XIcon aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
        <TextField
          label={trans('Add people')}
          value={text}
          onChange={setText}
          placeholder={trans('Search by name')}
        />
        {candidates.length > 0 && (
          <ul className="flex flex-col gap-1">
            {candidates.map((user) => (
              <li key={user.id} className="flex items-center gap-3">
                <Artwork src={user.image} className="size-8" rounded="rounded-full" />
                <span className="flex-1 truncate text-sm">{user.name}</span>
                <IconButton
                  size="xs"
                  aria-label={trans('Add :name', { name: user.name })}
                  onPress={() => add.mutate(user.id)}
                >
                  <UserPlusIcon aria-hidden />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="text" onPress={onClose}>
          {trans('Done')}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
