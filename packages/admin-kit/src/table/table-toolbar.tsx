import { useTrans } from '@cadence/app-shell/use-trans';
import { TextField } from '@cadence/ui/text-field';
import { useEffect, useId, useRef, useState } from 'react';

export type TFilterOption = { value: string; label: string };
export type TFilterDef = { key: string; label: string; options: TFilterOption[] };

const SEARCH_DELAY_MS = 300;

/** The search box: typing waits a moment before it reaches the address (and the api). */
export function TableSearch({
  value,
  label,
  onSearch,
}: {
  value: string;
  label: string;
  onSearch: (query: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // The latest callback without restarting the delay on every render of the page.
  const search = useRef(onSearch);
  search.current = onSearch;
  // The address changed by itself (Back, a cleared filter): show it.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => search.current(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <TextField
      type="search"
      aria-label={label}
      placeholder={label}
      value={draft}
      onChange={setDraft}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(draft);
      }}
      className="w-full sm:w-72"
    />
  );
}

/** One filter: a native select (keyboard and screen-reader friendly, fits a phone). */
export function TableFilter({
  filter,
  value,
  onChange,
}: {
  filter: TFilterDef;
  value: string;
  onChange: (value: string | null) => void;
}) {
  const { trans } = useTrans();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        {filter.label}
      </label>
      <select
        id={id}
        name={filter.key}
        value={value}
        onChange={(event) => onChange(event.target.value || null)}
        className="h-10 rounded-input border border-divider bg-paper px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        <option value="">{trans('All')}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
