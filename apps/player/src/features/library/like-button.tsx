import { icon } from '@cadence/app-shell/icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { clsx } from 'clsx';
import { type TLikeableType, useIsLiked, useToggleLike } from './likes';

export function LikeButton({
  type,
  id,
  size = 'sm',
  className,
}: {
  type: TLikeableType;
  id: number;
  size?: 'xs' | 'sm' | 'md';
  className?: string;
}) {
  const { trans } = useTrans();
  const isLiked = useIsLiked(type, id);
  const toggle = useToggleLike();
  return (
    <PlainIconButton
      size={size}
      aria-label={isLiked ? trans('Remove from your library') : trans('Add to your library')}
      aria-pressed={isLiked}
      onPress={() => toggle(type, id, !isLiked)}
      className={clsx(isLiked && 'text-primary', className)}
    >
      {icon('heart', { fill: isLiked ? 'currentColor' : 'none' })}
    </PlainIconButton>
  );
}
