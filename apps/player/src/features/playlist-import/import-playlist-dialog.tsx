import { useTrans } from '@cadence/app-shell/use-trans';
import {
  PLAYLIST_IMPORT_MAX_BYTES,
  type TImportEntry,
  type TPlaylistImportResponse,
} from '@cadence/contracts/playlist-import';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Link } from 'react-router';
import { playlistUrl } from '../catalogue/urls';

const describe = (entry: TImportEntry) => [entry.artist, entry.title].filter(Boolean).join(' – ');

function importFile(file: File): Promise<TPlaylistImportResponse> {
  return apiClient.post<TPlaylistImportResponse>('playlists/import', file, {
    headers: { 'Content-Type': 'application/octet-stream' },
  });
}

/** Issue 37: an M3U/M3U8, XSPF or Spotify `Playlist1.json` in, playlists and a match report out. */
export function ImportPlaylistDialog({ onClose }: { onClose: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const mutation = useMutation({
    mutationFn: importFile,
    meta: { silentError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['library', 'playlist'] }),
  });
  const report = mutation.data;
  const onSelect = (files: FileList | null) => {
    const chosen = files?.[0] ?? null;
    setFile(chosen);
    mutation.reset();
    setTooLarge(Boolean(chosen && chosen.size > PLAYLIST_IMPORT_MAX_BYTES));
  };
  const title = trans('Import playlist');
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="lg" aria-label={title}>
      <DialogHeader>{title}</DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {trans(
            'Bring a playlist from another app: an M3U or M3U8 file, an XSPF file, or Playlist1.json from your Spotify account data. Songs are matched to this catalogue by title, artist, album and length.',
          )}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <FileTrigger
            acceptedFileTypes={[
              '.m3u',
              '.m3u8',
              '.xspf',
              '.json',
              'audio/x-mpegurl',
              'application/xspf+xml',
              'application/json',
            ]}
            onSelect={onSelect}
          >
            <Button variant="outline" data-testid="import-playlist-choose">
              {trans('Choose a file')}
            </Button>
          </FileTrigger>
          <span className="text-sm" data-testid="import-playlist-file">
            {file ? file.name : trans('No file chosen')}
          </span>
        </div>
        {tooLarge && (
          <p role="alert" className="text-sm text-danger">
            {trans('The file is larger than 50 MB: split it into smaller files.')}
          </p>
        )}
        {mutation.isError && (
          <p role="alert" className="text-sm text-danger">
            {mutation.error.message}
          </p>
        )}
        {report && (
          <div role="status" className="flex flex-col gap-4" data-testid="import-playlist-report">
            {report.playlists.map((playlist) => (
              <section
                key={`${playlist.name}-${playlist.playlist_id}`}
                aria-label={playlist.name}
                className="flex flex-col gap-2"
              >
                <h3 className="font-semibold">
                  {playlist.playlist_id ? (
                    <Link
                      className="underline"
                      to={playlistUrl({ id: playlist.playlist_id, name: playlist.name })}
                      onClick={onClose}
                    >
                      {playlist.name}
                    </Link>
                  ) : (
                    playlist.name
                  )}
                </h3>
                <p className="text-sm">
                  {trans(':matched of :total songs found', {
                    matched: String(playlist.matched.length),
                    total: String(playlist.matched.length + playlist.unmatched.length),
                  })}
                  {playlist.playlist_id === null ? ` ${trans('(no playlist was created)')}` : ''}
                </p>
                {playlist.matched.length > 0 && (
                  <details>
                    <summary className="cursor-pointer text-sm">{trans('Found')}</summary>
                    <ul className="mt-1 text-sm" data-testid="import-playlist-matched">
                      {playlist.matched.map((match) => (
                        <li key={match.entry.position}>
                          {describe(match.entry)} → {match.track.artists.join(', ')} – {match.track.name}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                {playlist.unmatched.length > 0 && (
                  <div>
                    <h4 className="text-sm font-semibold">{trans('Not found')}</h4>
                    <ul className="mt-1 text-sm text-muted" data-testid="import-playlist-unmatched">
                      {playlist.unmatched.map((entry) => (
                        <li key={entry.position}>{describe(entry)}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </section>
            ))}
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="text" onPress={onClose}>
          {report ? trans('Close') : trans('Cancel')}
        </Button>
        {!report && (
          // Not `isPending`: its announcement names this button, which the report replaces.
          <Button
            isDisabled={!file || tooLarge || mutation.isPending}
            onPress={() => file && mutation.mutate(file)}
            data-testid="import-playlist-submit"
          >
            {mutation.isPending ? trans('Importing…') : trans('Import')}
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
