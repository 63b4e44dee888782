import type { TLandingSettings } from '@cadence/contracts/appearance';
import { useAppearanceEditor } from './appearance-editor-context';

export function useLanding() {
  const { draft, update } = useAppearanceEditor();
  const change = (edit: (landing: TLandingSettings) => void) =>
    update(
      (next) => edit(next.settings.landing),
      (next) => ({ type: 'setValues', values: { settings: { landing: next.settings.landing } } }),
    );
  return { landing: draft.settings.landing, change };
}
