import { assetUrl } from '@cadence/app-shell/asset-url';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { ImageUploadField } from '@cadence/uploader/image-upload-field';
import { useId } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';

/** Spec 5's image upload (images only, 2 MB, public disk) bound to a form field holding the URL. */
export function FormImageField<T extends FieldValues>({ name, label }: { name: Path<T>; label: string }) {
  const settings = useSettings();
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  return (
    <ImageUploadField
      label={label}
      name={field.name}
      value={(field.value as string | null) ?? null}
      onChange={(url) => field.onChange(url)}
      settings={settings.uploads}
      resolveUrl={assetUrl}
      onToast={(message) => toast.danger(message)}
      errorMessage={fieldState.error?.message}
    />
  );
}

export type TArtistOption = { id: number; name: string };

/** Which artists a release is credited to: a checkbox per artist the user may publish under. */
export function FormArtistPicker<T extends FieldValues>({
  name,
  label,
  options,
}: {
  name: Path<T>;
  label: string;
  options: TArtistOption[];
}) {
  const { trans } = useTrans();
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const selected = new Set(((field.value as number[] | undefined) ?? []).map(Number));
  const errorId = useId();
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-describedby={fieldState.error ? errorId : undefined}
      aria-invalid={fieldState.error ? true : undefined}
    >
      <legend className="text-sm font-medium">{label}</legend>
      {options.length === 0 && <p className="text-sm text-muted">{trans('No artists to choose from.')}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected.has(option.id)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(option.id);
                else next.delete(option.id);
                field.onChange([...next]);
              }}
              onBlur={field.onBlur}
              className="size-4 accent-primary"
            />
            {option.name}
          </label>
        ))}
      </div>
      {fieldState.error && (
        <p id={errorId} className="text-xs text-danger">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}
