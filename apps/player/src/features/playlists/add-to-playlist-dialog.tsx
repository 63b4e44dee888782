import { openDialog } from '@cadence/app-shell/modal-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogHeader } from '@cadence/ui/dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import PlusIcon from 'lucide-react/icons/plus';
import { Artwork } from '../player-ui/track-artwork';
import { CreatePlaylistDialog } from './create-playlist-dialog';
import { addTracksToPlaylist, myPlaylistsQuery } from './playlist-queries';

export function AddToPlaylistDialog({ trackIds, onClose }: { trackIds: number[]; onClose: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(myPlaylistsQuery());
  const mutation = useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => addTracksToPlaylist(id, trackIds),
    onSuccess: (_data, { id, name }) => {
      void queryClient.invalidateQueries({ queryKey: ['playlists', id] });
      toast.positive(trans('Added to ":name"', { name }));
      onClose();
    },
  });
  const onCreate = async () => {
    const playlist = await openDialog<TPlaylist>((close) => <CreatePlaylistDialog onClose={close} />);
    if (playlist) mutation.mutate({ id: playlist.id, name: playlist.name });
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      size="sm"
      aria-label={trans('Add to playlist')}
    >
      <DialogHeader>{trans('Add to playlist')}</DialogHeader>
      <DialogBody className="flex flex-col gap-1 pb-6">
        <Button
          variant="outline"
          startIcon={<PlusIcon aria-hidden className="size-4" />}
          onPress={onCreate}
          className="mb-2"
        >
          {trans('New playlist')}
        </Button>
        {isPending && <p className="text-sm text-muted">{trans('Loading')}</p>}
        {isError && (
          <p className="text-sm text-danger">{trans('There was an issue. Please try again later.')}</p>
        )}
        {data?.pagination.data.map((playlist) => (
          <button
            key={playlist.id}
            type="button"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate({ id: playlist.id, name: playlist.name })}
            className="flex items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-fg-base/5 focus-visible:ring-2 focus-visible:ring-focus"
          >
            <Artwork src={playlist.image} className="size-10" />
            {playlist.name}
          </button>
        ))}
      </DialogBody>
    </Dialog>
  );
}
