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
      {/* Named by its content ("Following The Midnight Hours"): the visible word is part of the
          name, as voice control users say what they see (WCAG 2.5.3). */}
      {isFollowing ? trans('Following') : trans('Follow')} <span className="sr-only">{name}</span>
    </PlainButton>
  );
}
