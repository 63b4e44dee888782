import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { clsx } from 'clsx';
import Repeat2Icon from 'lucide-react/icons/repeat-2';
import { type TRepostableType, useIsReposted, useToggleState } from './likes';

export function useIsRepostEnabled(): boolean {
  const settings = useSettings() as { player?: { enable_repost?: boolean } };
  return settings.player?.enable_repost === true;
}

/** Repost a track or album to the profile; shown only when `player.enable_repost` is on. */
export function RepostButton({ type, id }: { type: TRepostableType; id: number }) {
  const { trans } = useTrans();
  const isEnabled = useIsRepostEnabled();
  const isReposted = useIsReposted(type, isEnabled ? id : undefined);
  const toggle = useToggleState('reposted');
  if (!isEnabled) return null;
  return (
    <PlainIconButton
      aria-label={isReposted ? trans('Remove repost') : trans('Repost')}
      aria-pressed={isReposted}
      onPress={() => toggle(type, id, !isReposted)}
      className={clsx(isReposted && 'text-primary')}
      data-testid="repost-button"
    >
      <Repeat2Icon aria-hidden />
    </PlainIconButton>
  );
}
