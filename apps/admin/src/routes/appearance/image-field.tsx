import { assetUrl } from '@cadence/app-shell/asset-url';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { ImageUploadField } from '@cadence/uploader/image-upload-field';
import { TextInput } from './editor-fields';

/** An image setting: upload one (public disk), or type its address. */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { trans } = useTrans();
  const uploads = useSettings().uploads;
  return (
    <div className="flex flex-col gap-2">
      <ImageUploadField
        label={label}
        value={value || null}
        onChange={(url) => onChange(url ?? '')}
        settings={uploads}
        resolveUrl={assetUrl}
        onToast={(message) => toast.danger(message)}
      />
      <TextInput label={trans(':label address', { label })} value={value} onChange={onChange} />
    </div>
  );
}
