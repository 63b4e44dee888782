import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  readListState,
  type TListOptions,
  type TListPatch,
  type TListState,
  writeListState,
} from './list-params';

/**
 * The list state read from and written to the address. Typing in the search box replaces the
 * history entry (`replace`), other changes push one so Back returns to the previous page/sort.
 */
export function useListParams(options: TListOptions = {}): [TListState, (patch: TListPatch) => void] {
  const [params, setParams] = useSearchParams();
  // Callers pass a fresh options object each render: compare it by value.
  const optionsKey = JSON.stringify(options);
  const stable = useMemo(() => JSON.parse(optionsKey) as TListOptions, [optionsKey]);
  const state = useMemo(() => readListState(params, stable), [params, stable]);
  // The latest address, updates included: react-router hands a functional update the params of
  // the last render, so a search and a filter set before the next render overwrote each other
  // (a CI run's address kept `email_verified=1` without its `query`, then the reverse).
  const latest = useRef(params);
  latest.current = params;
  const update = useCallback(
    (patch: TListPatch) => {
      const next = writeListState(latest.current, patch, stable);
      latest.current = next;
      setParams(next, { replace: patch.query !== undefined });
    },
    [setParams, stable],
  );
  return [state, update];
}
