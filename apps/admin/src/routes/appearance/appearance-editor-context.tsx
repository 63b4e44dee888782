import { fetchBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  type TAppearanceResponse,
  type TAppearanceSettings,
  ZAppearancePayloadSchema,
} from '@cadence/contracts/appearance';
import type { TTheme } from '@cadence/contracts/theme';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { TPreviewMessage } from './preview-channel';

/** New themes carry a negative id until saved, so the preview can show them like the others. */
export type TDraft = { settings: TAppearanceSettings; themes: TTheme[] };

type TEditor = {
  draft: TDraft;
  siteName: string;
  isDirty: boolean;
  isSaving: boolean;
  /** Changes the draft (the recipe edits a copy) and shows the change in the preview. */
  update: (
    recipe: (draft: TDraft) => void,
    message?: TPreviewMessage | ((draft: TDraft) => TPreviewMessage),
  ) => void;
  send: (message: TPreviewMessage) => void;
  save: () => Promise<void>;
  /** Called by the preview frame with its sender. */
  connectPreview: (send: (message: TPreviewMessage) => void) => void;
};

const EditorContext = createContext<TEditor | null>(null);

export function useAppearanceEditor(): TEditor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useAppearanceEditor outside the appearance editor');
  return editor;
}

function toDraft(response: TAppearanceResponse): TDraft {
  return { settings: response.settings, themes: response.themes };
}

/** Everything the preview needs to show the draft (sent when it loads). */
export function fullPreview(draft: TDraft): TPreviewMessage[] {
  const { seo: _serverOnly, menus, ...settings } = draft.settings;
  return [
    { type: 'setValues', values: { settings, menus, themes: draft.themes } },
    { type: 'setCustomCode', mode: 'css', value: draft.settings.custom_code.css },
    { type: 'setCustomCode', mode: 'html', value: draft.settings.custom_code.html },
  ];
}

export function AppearanceEditorProvider({
  initial,
  children,
}: {
  initial: TAppearanceResponse;
  children: ReactNode;
}) {
  const { trans } = useTrans();
  const [saved, setSaved] = useState(() => toDraft(initial));
  const [draft, setDraft] = useState(saved);
  const [isSaving, setIsSaving] = useState(false);
  const sender = useRef<(message: TPreviewMessage) => void>(() => {});
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const send = useCallback((message: TPreviewMessage) => sender.current(message), []);

  const update = useCallback<TEditor['update']>((recipe, message) => {
    const next = structuredClone(draftRef.current);
    recipe(next);
    draftRef.current = next;
    setDraft(next);
    if (message) sender.current(typeof message === 'function' ? message(next) : message);
  }, []);

  const save = useCallback(async () => {
    const current = draftRef.current;
    const payload = {
      settings: current.settings,
      themes: current.themes.map((theme) => ({ ...theme, id: theme.id > 0 ? theme.id : null })),
    };
    const parsed = ZAppearancePayloadSchema.safeParse(payload);
    if (!parsed.success) {
      toast.danger(parsed.error.issues[0]?.message ?? trans('There was an issue. Please try again later.'));
      return;
    }
    setIsSaving(true);
    try {
      const response = await apiClient.post<TAppearanceResponse>('appearance', parsed.data);
      const next = toDraft(response);
      setSaved(next);
      draftRef.current = next;
      setDraft(next);
      toast.positive(trans('Appearance saved'));
      // The admin's own pages follow the saved themes and menus too.
      void fetchBootstrapData().catch(() => {});
    } catch (error) {
      const first = isHttpError(error) && error.errors ? Object.values(error.errors).flat()[0] : undefined;
      toast.danger(
        typeof first === 'string'
          ? first
          : isHttpError(error)
            ? error.message
            : trans('There was an issue. Please try again later.'),
      );
    } finally {
      setIsSaving(false);
    }
  }, [trans]);

  const connectPreview = useCallback((next: (message: TPreviewMessage) => void) => {
    sender.current = next;
    for (const message of fullPreview(draftRef.current)) next(message);
  }, []);

  const value = useMemo<TEditor>(
    () => ({
      draft,
      siteName: initial.site_name,
      isDirty: JSON.stringify(draft) !== JSON.stringify(saved),
      isSaving,
      update,
      send,
      save,
      connectPreview,
    }),
    [draft, saved, isSaving, initial.site_name, update, send, save, connectPreview],
  );
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}
