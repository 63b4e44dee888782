import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TRepostItem } from '@cadence/contracts/library';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { NavLink, useParams } from 'react-router';
import { profileQuery } from '../features/catalogue/catalogue-queries';
import { allItems, LoadMore, pagedListQuery } from '../features/catalogue/infinite-list';
import { MediaCard, MediaGrid } from '../features/catalogue/media-card';
import { MediaHeader } from '../features/catalogue/media-header';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl, artistUrl, playlistUrl, userUrl } from '../features/catalogue/urls';
import { FollowButton } from '../features/library/follow-button';
import { ReportButton } from '../features/reports/report-button';
import { TrackTable } from '../features/tracks/track-table';

const TABS = [
  { id: 'playlists', label: 'Playlists' },
  { id: 'reposts', label: 'Reposts' },
  { id: 'followers', label: 'Followers' },
  { id: 'following', label: 'Following' },
] as const;

/** `/user/{userId}/{userName}[/{tabName}]` */
export function UserPage() {
  const { trans } = useTrans();
  const { userId, tabName = 'playlists' } = useParams();
  const id = Number(userId);
  const query = useQuery(profileQuery(id));
  const { user } = useAuth();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { profile } = query.data;
  const base = userUrl(profile.user);
  return (
    <div data-testid="user-page">
      <MediaHeader
        image={profile.user.image}
        isRound
        label={trans('Profile')}
        title={profile.user.name}
        meta={
          <>
            <span>
              {trans('{count, plural, one {# follower} other {# followers}}', {
                count: profile.counts.followers,
              })}
            </span>
            <span>· {trans(':count following', { count: profile.counts.following })}</span>
          </>
        }
        actions={
          user?.id !== profile.user.id && (
            <>
              <FollowButton type="user" id={profile.user.id} name={profile.user.name} />
              <ReportButton target={{ type: 'user', id: profile.user.id, name: profile.user.name }} />
            </>
          )
        }
      />
      {profile.description && <p className="px-6 pb-4 text-muted">{profile.description}</p>}
      <nav aria-label={trans('Profile')} className="flex gap-2 px-6 pb-6">
        {TABS.map((tab) => (
          <NavLink
            key={tab.id}
            to={`${base}/${tab.id}`}
            className={() =>
              clsx('rounded-full px-3 py-1 text-sm', tabName === tab.id ? 'bg-fg text-bg' : 'bg-chip')
            }
          >
            {trans(tab.label)}
          </NavLink>
        ))}
      </nav>
      <div className="px-4 pb-10">
        <ProfileTab userId={id} tab={tabName} />
      </div>
    </div>
  );
}

interface TCard {
  id: number;
  name: string;
  image: string | null;
  /** `following` lists users and artists. */
  type?: 'user' | 'artist';
}

function ProfileTab({ userId, tab }: { userId: number; tab: string }) {
  const { trans } = useTrans();
  const segment = tab === 'followers' || tab === 'following' || tab === 'reposts' ? tab : 'playlists';
  if (segment === 'reposts') return <RepostsTab userId={userId} />;
  return <CardsTab userId={userId} segment={segment} emptyTitle={trans('Nothing to show yet.')} />;
}

function CardsTab({ userId, segment, emptyTitle }: { userId: number; segment: string; emptyTitle: string }) {
  // Followers share the key that following and unfollowing refresh.
  const key = segment === 'followers' ? ['followers', 'user', userId] : ['users', userId, segment];
  const query = useInfiniteQuery(pagedListQuery<TCard>(key, `users/${userId}/${segment}`, {}, 24));
  if (query.isPending) return <PageSkeleton variant="grid" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = allItems(query.data);
  if (items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      <MediaGrid>
        {items.map((item) =>
          segment === 'playlists' ? (
            <MediaCard key={item.id} title={item.name} image={item.image} to={playlistUrl(item)} />
          ) : (
            <MediaCard
              key={`${item.type ?? 'user'}-${item.id}`}
              title={item.name}
              image={item.image}
              to={item.type === 'artist' ? artistUrl(item) : userUrl(item)}
              isRound
            />
          ),
        )}
      </MediaGrid>
      <LoadMore {...query} />
    </>
  );
}

/** Reposted tracks (as a playable table) and albums (as cards), newest first. */
function RepostsTab({ userId }: { userId: number }) {
  const { trans } = useTrans();
  const query = useInfiniteQuery(
    pagedListQuery<TRepostItem>(['users', userId, 'reposts'], `users/${userId}/reposts`, {}, 30),
  );
  const items = allItems(query.data);
  const tracks = useMemo(
    () => items.flatMap((item) => (item.track ? [toPlayerTrack(item.track)] : [])),
    [items],
  );
  if (query.isPending) return <PageSkeleton variant="list" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const albums = items.flatMap((item) => (item.album ? [item.album] : []));
  if (items.length === 0) return <EmptyState title={trans('No reposts yet.')} />;
  return (
    <div className="flex flex-col gap-8">
      {tracks.length > 0 && <TrackTable tracks={tracks} aria-label={trans('Reposts')} />}
      {albums.length > 0 && (
        <MediaGrid>
          {albums.map((album) => (
            <MediaCard
              key={album.id}
              title={album.name}
              subtitle={album.artists.map((artist) => artist.name).join(', ')}
              image={album.image}
              to={albumUrl(album, album.artists[0]?.name)}
            />
          ))}
        </MediaGrid>
      )}
      <LoadMore {...query} />
    </div>
  );
}
