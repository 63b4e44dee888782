import { useCallback, useMemo } from 'react';
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
  const update = useCallback(
    (patch: TListPatch) =>
      setParams((current) => writeListState(current, patch, stable), { replace: patch.query !== undefined }),
    [setParams, stable],
  );
  return [state, update];
}
