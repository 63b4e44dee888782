import { useTrans } from '@cadence/app-shell/use-trans';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useId } from 'react';
import { type FieldValues, type Path, useController } from 'react-hook-form';

const clsx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type Command = { label: string; isActive: boolean; run: () => void };

/**
 * The page body in a Tiptap editor (react-hook-form field): headings, marks, lists, quotes, code
 * and links. The HTML it produces is sanitised again by the api on save and on read.
 */
export function RichTextField<T extends FieldValues>({ name, label }: { name: Path<T>; label: ReactNode }) {
  const { trans } = useTrans();
  const labelId = useId();
  const { field, fieldState } = useController<T>({ name });
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: String(field.value ?? ''),
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'rich-text-editor',
        class:
          'min-h-64 px-4 py-3 outline-none [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-divider [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
    onUpdate: ({ editor: current }) => field.onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => field.onBlur(),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  const chain = () => editor.chain().focus();
  const commands: Command[] = [
    { label: trans('Bold'), isActive: state.bold, run: () => chain().toggleBold().run() },
    { label: trans('Italic'), isActive: state.italic, run: () => chain().toggleItalic().run() },
    { label: trans('Heading'), isActive: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: trans('Subheading'), isActive: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: trans('Bulleted list'), isActive: state.bullet, run: () => chain().toggleBulletList().run() },
    { label: trans('Numbered list'), isActive: state.ordered, run: () => chain().toggleOrderedList().run() },
    { label: trans('Quote'), isActive: state.quote, run: () => chain().toggleBlockquote().run() },
    {
      label: trans('Link'),
      isActive: state.link,
      run: () => {
        if (state.link) {
          chain().unsetLink().run();
          return;
        }
        const href = window.prompt(trans('Link address'), 'https://');
        if (href && /^(https?:|mailto:|tel:|\/)/i.test(href)) chain().setLink({ href }).run();
      },
    },
  ];
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div
        className={clsx(
          'rounded-input border bg-transparent',
          fieldState.error ? 'border-danger' : 'border-divider',
          'focus-within:border-primary focus-within:ring-3 focus-within:ring-focus',
        )}
      >
        <div
          role="toolbar"
          aria-label={trans('Formatting')}
          className="flex flex-wrap gap-1 border-b border-divider p-1"
        >
          {commands.map((command) => (
            <button
              key={command.label}
              type="button"
              aria-pressed={command.isActive}
              onClick={command.run}
              className={clsx(
                'min-h-8 rounded px-2 text-xs font-medium hover:bg-chip',
                command.isActive && 'bg-chip text-primary',
              )}
            >
              {command.label}
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      {fieldState.error?.message && <p className="text-xs text-danger">{fieldState.error.message}</p>}
    </div>
  );
}
