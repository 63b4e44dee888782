import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormTextarea } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { LINE_TRANSLATION_MAX, type TLocalizationLine } from '@cadence/contracts/localizations';
import { apiClient } from '@cadence/http-client/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { z } from 'zod';

export const ZLinesFormSchema = z.object({
  lines: z.array(z.object({ key: z.string(), translation: z.string().max(LINE_TRANSLATION_MAX) })),
});

export type TLinesForm = z.input<typeof ZLinesFormSchema>;

export function LineFields({ lines }: { lines: TLocalizationLine[] }) {
  const { trans } = useTrans();
  const { control } = useFormContext<TLinesForm>();
  const { fields } = useFieldArray({ control, name: 'lines' });
  return (
    <ol className="flex flex-col gap-4" data-testid="translation-lines">
      {fields.map((field, index) => (
        <li key={field.id} className="rounded-panel border border-divider p-3">
          <FormTextarea<TLinesForm>
            name={`lines.${index}.translation`}
            label={<span className="font-normal whitespace-pre-wrap">{lines[index]?.source}</span>}
            description={trans('Empty shows the line above.')}
            rows={2}
          />
        </li>
      ))}
    </ol>
  );
}

export function LinesForm({ localizationId, lines }: { localizationId: string; lines: TLocalizationLine[] }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZLinesFormSchema,
    defaultValues: { lines: lines.map((line) => ({ key: line.key, translation: line.translation })) },
    submit: async (values) => {
      const changed = Object.fromEntries(
        values.lines
          .filter((line, index) => line.translation !== lines[index]?.translation)
          .map((line) => [line.key, line.translation]),
      );
      if (Object.keys(changed).length === 0) return { saved: 0 };
      return apiClient.put<{ saved: number }>(`localizations/${localizationId}/lines`, { lines: changed });
    },
    successMessage: trans('Saved translations'),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: ['admin', 'localizations', localizationId] }),
  });
  return (
    <AdminForm adminForm={adminForm} className="flex flex-col gap-4">
      <LineFields lines={lines} />
      <div className="sticky bottom-0 bg-bg py-3">
        <SubmitButton>{trans('Save translations')}</SubmitButton>
      </div>
    </AdminForm>
  );
}
