import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminFileEntry } from '@cadence/contracts/admin-files';

export function Preview({ entry }: { entry: TAdminFileEntry }) {
  const { trans } = useTrans();
  if (entry.deleted_at) return <span className="text-xs text-muted">{trans('In trash')}</span>;
  if (entry.mime.startsWith('image/'))
    return (
      <a
        href={entry.url}
        target="_blank"
        rel="noreferrer"
        aria-label={trans('Open :name', { name: entry.name })}
      >
        <img src={entry.url} alt="" loading="lazy" className="size-10 rounded object-cover" />
      </a>
    );
  return (
    <a href={entry.url} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
      {trans('Open')}
      <span className="sr-only"> {entry.name}</span>
    </a>
  );
}
