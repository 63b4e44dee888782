import { useTrans } from '@cadence/app-shell/use-trans';
import type { TFollowUser } from '@cadence/contracts/library';
import { useInfiniteQuery } from '@tanstack/react-query';
import { followersQuery } from './catalogue-queries';
import { allItems, LoadMore } from './infinite-list';
import { MediaCard, MediaGrid } from './media-card';
import { userUrl } from './urls';

/** Followers of an artist or a user as round cards, loading more as the page scrolls. */
export function FollowersGrid({ type, id }: { type: 'artist' | 'user'; id: number }) {
  const { trans } = useTrans();
  const query = useInfiniteQuery(followersQuery(type, id));
  const users: TFollowUser[] = allItems(query.data);
  if (query.isPending || query.isError) return null;
  if (users.length === 0) return <p className="text-sm text-muted">{trans('No followers yet.')}</p>;
  return (
    <>
      <MediaGrid>
        {users.map((user) => (
          <MediaCard key={user.id} title={user.name} image={user.image} to={userUrl(user)} isRound />
        ))}
      </MediaGrid>
      <LoadMore {...query} />
    </>
  );
}
