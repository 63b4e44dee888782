import { type ContractFieldErrors, useContractValidation } from '@cadence/app-shell/contract-validation';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TPlaylist, ZPlaylistCreateSchema, ZPlaylistUpdateSchema } from '@cadence/contracts/playlist';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { TextField } from '@cadence/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { createPlaylist, updatePlaylist } from './playlist-queries';

/** New playlist, or, given `playlist`, its edit form (name, description, public, collaborative). */
export function CreatePlaylistDialog({
  onClose,
  playlist: existing,
}: {
  onClose: (playlist?: TPlaylist) => void;
  playlist?: TPlaylist;
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [isPublic, setIsPublic] = useState(existing?.public ?? true);
  const [isCollaborative, setIsCollaborative] = useState(existing?.collaborative ?? false);
  const [clientErrors, setClientErrors] = useState<ContractFieldErrors>({});
  const validate = useContractValidation();
  const payload = () => ({
    name,
    description: description || null,
    public: isPublic,
    collaborative: isCollaborative,
  });
  const mutation = useMutation({
    mutationFn: () => (existing ? updatePlaylist(existing.id, payload()) : createPlaylist(payload())),
    meta: { silentError: true },
    onSuccess: ({ playlist }) => {
      void queryClient.invalidateQueries({ queryKey: ['library', 'playlist'] });
      void queryClient.invalidateQueries({ queryKey: ['playlists', playlist.id] });
      onClose(playlist);
    },
  });
  const title = existing ? trans('Edit playlist') : trans('New playlist');
  const fieldErrors = isHttpError(mutation.error) ? (mutation.error.errors ?? {}) : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { errors } = validate(existing ? ZPlaylistUpdateSchema : ZPlaylistCreateSchema, payload());
    setClientErrors(errors ?? {});
    if (errors) {
      const first = Object.keys(errors)[0];
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    mutation.mutate();
  };
  const errorOf = (field: string) => {
    if (clientErrors[field]) return clientErrors[field];
    const value = (fieldErrors as Record<string, string | string[]>)[field];
    return Array.isArray(value) ? value[0] : value;
  };
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="sm" aria-label={title}>
      <form onSubmit={onSubmit} className="contents">
        <DialogHeader>{title}</DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={trans('Name')}
            name="name"
            // The contract's own line shows under the field; a native bubble would word it otherwise.
            validationBehavior="aria"
            value={name}
            onChange={setName}
            isRequired
            autoFocus
            errorMessage={errorOf('name')}
          />
          <TextField
            label={trans('Description')}
            name="description"
            value={description}
            onChange={setDescription}
            errorMessage={errorOf('description')}
          />
          <Checkbox isSelected={isPublic} onChange={setIsPublic}>
            {trans('Public')}
          </Checkbox>
          <Checkbox isSelected={isCollaborative} onChange={setIsCollaborative}>
            {trans('Collaborative (collaborators can add and reorder tracks)')}
          </Checkbox>
          {mutation.isError && !errorOf('name') && (
            <p className="text-sm text-danger">{mutation.error.message}</p>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onPress={() => onClose()}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={mutation.isPending}>
            {existing ? trans('Save') : trans('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
