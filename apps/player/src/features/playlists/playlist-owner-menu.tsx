import { openDialog } from '@cadence/app-shell/modal-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { IconButton } from '@cadence/ui/icon-button';
import { Menu, MenuItem, MenuTrigger } from '@cadence/ui/menu';
import EllipsisIcon from 'lucide-react/icons/ellipsis';
import PencilIcon from 'lucide-react/icons/pencil';
import Trash2Icon from 'lucide-react/icons/trash-2';
import UsersIcon from 'lucide-react/icons/users';
import { useNavigate } from 'react-router';

/** The owner's "more" menu on a playlist page: edit details, collaborators, delete. */
export function PlaylistOwnerMenu({ playlist }: { playlist: TPlaylist }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  // Each dialog (forms, the rule editor and its schemas) loads when its item is chosen: the page
  // preloads what it renders, and none of them is on it until then.
  const actions: Record<string, () => void> = {
    edit: () =>
      void (playlist.smart_rules
        ? import('../smart-playlists/smart-playlist-editor').then(({ SmartPlaylistEditor }) =>
            openDialog((close) => <SmartPlaylistEditor playlist={playlist} onClose={() => close()} />),
          )
        : import('./create-playlist-dialog').then(({ CreatePlaylistDialog }) =>
            openDialog((close) => <CreatePlaylistDialog playlist={playlist} onClose={() => close()} />),
          )),
    collaborators: () =>
      void import('./collaborators-dialog').then(({ CollaboratorsDialog }) =>
        openDialog((close) => <CollaboratorsDialog playlist={playlist} onClose={() => close()} />),
      ),
    delete: () =>
      void import('./delete-playlist-dialog')
        .then(({ DeletePlaylistDialog }) =>
          openDialog<boolean>((close) => <DeletePlaylistDialog playlist={playlist} onClose={close} />),
        )
        .then((isDeleted) => isDeleted && navigate('/library/playlists')),
  };
  return (
    <MenuTrigger>
      <IconButton aria-label={trans('Playlist options')} data-testid="playlist-owner-menu">
        <EllipsisIcon aria-hidden />
      </IconButton>
      <Menu aria-label={trans('Playlist options')} onAction={(key) => actions[String(key)]?.()}>
        <MenuItem id="edit" icon={<PencilIcon aria-hidden />}>
          {playlist.smart_rules ? trans('Edit rules') : trans('Edit playlist')}
        </MenuItem>
        {!playlist.smart_rules && (
          <MenuItem id="collaborators" icon={<UsersIcon aria-hidden />}>
            {trans('Collaborators')}
          </MenuItem>
        )}
        <MenuItem id="delete" icon={<Trash2Icon aria-hidden />}>
          {trans('Delete playlist')}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
