import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainButton } from '@cadence/ui/plain-button';
import UserCheckIcon from 'lucide-react/icons/user-check';
import UserPlusIcon from 'lucide-react/icons/user-plus';
import { type TFollowableType, useIsFollowing, useToggleState } from './likes';

/** Follow / unfollow an artist or a user (optimistic, undo in the toast). */
export function FollowButton({ type, id, name }: { type: TFollowableType; id: number; name: string }) {
  const { trans } = useTrans();
  const isFollowing = useIsFollowing(type, id);
  const toggle = useToggleState('followed');
  return (
    <PlainButton
      variant="outline"
      aria-pressed={isFollowing}
      aria-label={isFollowing ? trans('Unfollow :name', { name }) : trans('Follow :name', { name })}
      onPress={() => toggle(type, id, !isFollowing)}
      startIcon={
        isFollowing ? (
          <UserCheckIcon aria-hidden className="size-4" />
        ) : (
          <UserPlusIcon aria-hidden className="size-4" />
        )
      }
      data-testid="follow-button"
    >
      {isFollowing ? trans('Following') : trans('Follow')}
    </PlainButton>
  );
}
