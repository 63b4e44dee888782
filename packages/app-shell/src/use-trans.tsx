import { useCallback } from 'react';
import type { TransValues } from './plural';
import { translateWith } from './trans';
import { useBootstrapData } from './use-bootstrap-data';

/** `trans` bound to the current lines, re-rendering when bootstrap data (language) changes. */
export function useTrans(): { trans: (key: string, values?: TransValues) => string } {
  const { lines, language } = useBootstrapData().i18n;
  const bound = useCallback(
    (key: string, values?: TransValues) => translateWith(lines, key, values, language),
    [lines, language],
  );
  return { trans: bound };
}

export function Trans({ message, values }: { message: string; values?: TransValues }) {
  const { trans } = useTrans();
  return <>{trans(message, values)}</>;
}
