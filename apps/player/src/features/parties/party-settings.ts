import { useSettings } from '@cadence/app-shell/use-bootstrap-data';

/** `parties.enable` (admin, player settings): off hides every way into a party. */
export function usePartiesEnabled(): boolean {
  const settings = useSettings() as { parties?: { enable?: boolean } };
  return settings.parties?.enable !== false;
}

export const partyPath = (code: string) => `/party/${code}`;
