import { reportError } from '@cadence/app-shell/report-error';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TScrobbleConnection, TScrobbleConnectionsResponse } from '@cadence/contracts/scrobbling';
import { firstFieldError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { scrobbleConnectionsQueryOptions, scrobblingActions, scrobblingKeys } from './scrobbling-queries';

const NAMES = { listenbrainz: 'ListenBrainz', lastfm: 'Last.fm' } as const;

function Status({ service }: { service: TScrobbleConnection }) {
  const { trans } = useTrans();
  return (
    <div className="text-sm" data-testid={`scrobbling-${service.service}-status`}>
      <p>{trans('Connected as :name', { name: service.account_name ?? '' })}</p>
      {service.pending > 0 && (
        <p className="text-muted">
          {trans(':count plays waiting to be sent', { count: String(service.pending) })}
          {service.last_error ? ` (${service.last_error})` : ''}
        </p>
      )}
    </div>
  );
}

/**
 * Account settings' "Connected services" (issue 37): ListenBrainz by the user token from its
 * profile page, Last.fm by its own page where the listener allows access. Plays are sent there.
 */
export function ConnectedServicesPanel() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const { data: services } = useQuery(scrobbleConnectionsQueryOptions());
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  if (!services) return null;
  const listenbrainz = services.find((service) => service.service === 'listenbrainz');
  const lastfm = services.find((service) => service.service === 'lastfm');

  const run = async (action: () => Promise<TScrobbleConnectionsResponse>, done: string) => {
    setIsPending(true);
    try {
      const answer = await action();
      queryClient.setQueryData(scrobblingKeys.connections, answer.services);
      toast.positive(trans(done));
      return true;
    } catch (error) {
      const field = firstFieldError(error);
      if (field?.field === 'token') setTokenError(field.message);
      else reportError(error);
      return false;
    } finally {
      setIsPending(false);
    }
  };

  const onConnectListenBrainz = async (event: FormEvent) => {
    event.preventDefault();
    setTokenError(null);
    if (await run(() => scrobblingActions.connectListenBrainz({ token }), 'ListenBrainz connected'))
      setToken('');
  };

  const onConnectLastfm = async () => {
    setIsPending(true);
    try {
      const { url } = await scrobblingActions.startLastfm();
      window.location.assign(url);
    } catch (error) {
      reportError(error);
      setIsPending(false);
    }
  };

  const disconnectButton = (service: TScrobbleConnection) => (
    <Button
      variant="outline"
      isDisabled={isPending}
      onPress={() =>
        void run(
          () => scrobblingActions.disconnect(service.service),
          trans(':service disconnected', { service: NAMES[service.service] }),
        )
      }
    >
      {trans('Disconnect :service', { service: NAMES[service.service] })}
    </Button>
  );

  return (
    <section
      id="connected-services"
      aria-labelledby="connected-services-title"
      className="scroll-mt-6 rounded-panel border border-divider bg-paper p-6"
      data-testid="panel-connected-services"
    >
      <h2 id="connected-services-title" className="text-lg font-semibold">
        {trans('Connected services')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {trans(
          'Send what you play to ListenBrainz or Last.fm: a track counts there once you heard half of it or 4 minutes.',
        )}
      </p>
      <div className="mt-6 space-y-6">
        <div className="space-y-3">
          <h3 className="font-semibold">ListenBrainz</h3>
          {listenbrainz?.is_connected ? (
            <>
              <Status service={listenbrainz} />
              {disconnectButton(listenbrainz)}
            </>
          ) : (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(event) => void onConnectListenBrainz(event)}
            >
              <TextField
                label={trans('ListenBrainz user token')}
                description={trans('From your ListenBrainz settings page.')}
                value={token}
                onChange={(value) => {
                  setToken(value);
                  setTokenError(null);
                }}
                // The server's message shows under the field; a native bubble would block the next try.
                validationBehavior="aria"
                errorMessage={tokenError ?? undefined}
                isRequired
                className="min-w-64 flex-1"
              />
              <Button type="submit" isDisabled={isPending}>
                {trans('Connect ListenBrainz')}
              </Button>
            </form>
          )}
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold">Last.fm</h3>
          {!lastfm?.is_available ? (
            <p className="text-sm text-muted">{trans('Last.fm is not set up on this site.')}</p>
          ) : lastfm.is_connected ? (
            <>
              <Status service={lastfm} />
              {disconnectButton(lastfm)}
            </>
          ) : (
            <Button isDisabled={isPending} onPress={() => void onConnectLastfm()}>
              {trans('Connect Last.fm')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
