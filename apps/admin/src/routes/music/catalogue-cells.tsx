import { useTrans } from '@cadence/app-shell/use-trans';
import { useSearchParams } from 'react-router';

/** A name in a row that narrows the table to it (artist, owner), keeping the rest of the address. */
export function FilterLink({ param, id, children }: { param: string; id: number; children: string }) {
  const { trans } = useTrans();
  const [, setParams] = useSearchParams();
  return (
    <button
      type="button"
      className="text-left hover:underline focus-visible:underline"
      title={trans('Show only :name', { name: children })}
      onClick={() =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set(param, String(id));
          next.delete('cursor');
          next.delete('trail');
          return next;
        })
      }
    >
      {children}
    </button>
  );
}

export const formatDate = (value: string | null) => (value ? new Date(value).toLocaleDateString() : '—');
export const formatPlays = (plays: number) => plays.toLocaleString();
