import BellOffIcon from 'lucide-react/icons/bell-off';
import { useTrans } from '../use-trans';

export function EmptyNotifications() {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-muted">
      <BellOffIcon aria-hidden className="size-8" />
      <p>{trans('Hang tight! Notifications will start showing up here soon.')}</p>
    </div>
  );
}
