import { useTrans } from '@cadence/app-shell/use-trans';
import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import { Link } from 'react-router';

/** Up one level in the editor's tree (the sections are nested pages). */
export function BackLink({ to, label }: { to: string; label?: string }) {
  const { trans } = useTrans();
  return (
    <Link
      to={to}
      className="mb-3 inline-flex min-h-6 items-center gap-1 text-sm text-muted underline hover:text-fg"
    >
      <ChevronLeftIcon aria-hidden className="size-4" />
      {label ?? trans('Back')}
    </Link>
  );
}
