import { useTrans } from '@cadence/app-shell/use-trans';
import { useEffect, useRef } from 'react';
import { useAppearanceEditor } from './appearance-editor-context';
import { BackLink } from './back-link';
import { SectionHeader, TextArea } from './editor-fields';

/** /admin/appearance/custom-code: CSS for the player's head and HTML for its body, previewed live. */
export function CustomCodePage() {
  const { trans } = useTrans();
  const { draft, update, send } = useAppearanceEditor();
  const htmlTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(htmlTimer.current), []);
  const set = (mode: 'css' | 'html', value: string) => {
    update((next) => {
      next.settings.custom_code[mode] = value;
    });
    if (mode === 'css') {
      send({ type: 'setCustomCode', mode, value });
      return;
    }
    // Scripts run in the preview: wait for a pause in typing rather than run every half-typed line.
    clearTimeout(htmlTimer.current);
    htmlTimer.current = setTimeout(() => send({ type: 'setCustomCode', mode, value }), 600);
  };
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('Custom code')} />
      <TextArea
        label={trans('Custom CSS')}
        description={trans('Added to the head of every player page.')}
        value={draft.settings.custom_code.css}
        onChange={(value) => set('css', value)}
        rows={12}
        isCode
      />
      <TextArea
        label={trans('Custom HTML')}
        description={trans('Added at the end of the body of every player page; scripts run.')}
        value={draft.settings.custom_code.html}
        onChange={(value) => set('html', value)}
        rows={12}
        isCode
      />
    </div>
  );
}
