import { assetUrl } from '@cadence/app-shell/asset-url';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { ImageUploadField } from '@cadence/uploader/image-upload-field';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import { MultiComboBox } from './multi-combobox';

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

/** Which artists a release is credited to: a searchable pick among those the user may publish under. */
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
  return (
    <MultiComboBox
      label={label}
      options={options}
      value={((field.value as number[] | undefined) ?? []).map(Number)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      errorMessage={fieldState.error?.message}
      emptyMessage={
        options.length === 0 ? trans('No artists to choose from.') : trans('No matching artists.')
      }
    />
  );
}
