import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePlaylist } from './playlist-queries';

/** Confirms, deletes, and tells the caller (which leaves the deleted playlist's page). */
export function DeletePlaylistDialog({
  playlist,
  onClose,
}: {
  playlist: TPlaylist;
  onClose: (isDeleted?: boolean) => void;
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deletePlaylist(playlist.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['library', 'playlist'] });
      onClose(true);
    },
  });
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="sm" role="alertdialog">
      <DialogHeader>{trans('Delete playlist')}</DialogHeader>
      <DialogBody>
        <p>{trans('Delete ":name"? This cannot be undone.', { name: playlist.name })}</p>
      </DialogBody>
      <DialogFooter>
        <Button variant="text" onPress={() => onClose()}>
          {trans('Cancel')}
        </Button>
        <Button variant="danger" isPending={mutation.isPending} onPress={() => mutation.mutate()}>
          {trans('Delete')}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
