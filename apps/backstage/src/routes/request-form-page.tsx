import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  type TBackstageRequestResponse,
  type TBackstageRequestType,
  ZBackstageRequestCreateSchema,
} from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { FormImageField } from '@cadence/music-forms/form-media-fields';
import { Button } from '@cadence/ui/button';
import { FileDropZone } from '@cadence/uploader/file-drop-zone';
import { UploadList } from '@cadence/uploader/upload-list';
import { useUploader } from '@cadence/uploader/use-uploader';
import { useState } from 'react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ArtistSearchField } from './artist-search-field';
import { REQUEST_TYPES } from './request-types';

type TValues = z.input<typeof ZBackstageRequestCreateSchema>;

function ArtistChoice() {
  const { control } = useFormContext<TValues>();
  const { field, fieldState } = useController({ name: 'artist_id', control });
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  return (
    <ArtistSearchField
      value={chosen}
      errorMessage={fieldState.error?.message}
      onChange={(artist) => {
        setChosen(artist);
        field.onChange(artist?.id ?? null);
      }}
    />
  );
}

/** Proof files go to the private uploads disk; only the requester and reviewers can open them. */
function ProofFiles() {
  const { trans } = useTrans();
  const settings = useSettings();
  const { control } = useFormContext<TValues>();
  const { field } = useController({ name: 'proof_file_ids', control });
  const uploader = useUploader({
    settings: settings.uploads,
    defaults: { showToastOnError: true, disk: 'uploads' },
    onServerError: (message) => toast.danger(message),
    onRestrictionError: (message) => toast.danger(message),
  });
  return (
    <div className="flex flex-col gap-2">
      <FileDropZone
        label={trans('Proof files')}
        description={trans('Contracts, label letters or screenshots that show you are the artist.')}
        buttonLabel={trans('Choose proof files')}
        onFiles={(files) =>
          uploader.upload(files, {
            onSuccess: (entry) =>
              field.onChange([...((field.value as number[] | undefined) ?? []), entry.id]),
          })
        }
      />
      <UploadList items={uploader.items} onAbort={uploader.abort} onRetry={uploader.retry} />
    </div>
  );
}

function SocialLinks() {
  const { trans } = useTrans();
  const { control } = useFormContext<TValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'links' as never });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{trans('Social links')}</legend>
      {fields.map((item, index) => (
        <div key={item.id} className="flex flex-wrap items-end gap-2">
          <FormTextField<TValues> name={`links.${index}.title`} label={trans('Site')} className="w-40" />
          <FormTextField<TValues>
            name={`links.${index}.url`}
            label={trans('URL')}
            type="url"
            className="min-w-0 flex-1"
          />
          <Button variant="text" size="sm" onPress={() => remove(index)}>
            {trans('Remove link')}
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" onPress={() => append({ title: '', url: '' } as never)}>
          {trans('Add link')}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The api refuses a second pending request of a type on the `type` field, which has no input:
 * its message is shown above the submit button (else the form would fail without a word).
 */
function RequestTypeError() {
  const { formState } = useFormContext<TValues>();
  const message = formState.errors.type?.message;
  if (!message) return null;
  return (
    <p role="alert" className="rounded-panel bg-danger/10 p-3 text-sm text-fg">
      {message}
    </p>
  );
}

/**
 * /backstage/requests/{become-artist,verify-artist,claim-artist}, /become-artist and /claim-artist:
 * the request form (spec 2.10).
 */
export function RequestFormPage({
  type,
  isAtSiteRoot = false,
}: {
  type: TBackstageRequestType;
  /** Mounted at `/become-artist` or `/claim-artist` rather than under /backstage. */
  isAtSiteRoot?: boolean;
}) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const info = REQUEST_TYPES.find((item) => item.type === type) ?? REQUEST_TYPES[0];
  const adminForm = useAdminForm({
    schema: ZBackstageRequestCreateSchema,
    defaultValues: {
      type,
      artist_id: null,
      artist_name: '',
      image: null,
      role: '',
      company: '',
      proof_file_ids: [],
      links: [],
    },
    submit: (values) => apiClient.post<TBackstageRequestResponse>('backstage-requests', values),
    successMessage: trans('Request submitted'),
    onSuccess: (result) => {
      const submitted = `/requests/${result.request.id}/request-submitted`;
      // From `/become-artist`, outside the backstage's base, its page is a page load.
      if (isAtSiteRoot) window.location.assign(`/backstage${submitted}`);
      else navigate(submitted);
    },
  });
  return (
    <section className="flex flex-col gap-6" data-testid="backstage-request-form">
      <div>
        <h1 className="text-2xl font-semibold">{trans(info.title)}</h1>
        <p className="text-muted">{trans(info.description)}</p>
      </div>
      <AdminForm adminForm={adminForm}>
        {type === 'become_artist' ? (
          <FormTextField<TValues> name="artist_name" label={trans('Artist name')} isRequired />
        ) : (
          <ArtistChoice />
        )}
        <FormImageField<TValues> name="image" label={trans('Image')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField<TValues>
            name="role"
            label={trans('Your role')}
            placeholder={trans('Singer, manager...')}
          />
          <FormTextField<TValues> name="company" label={trans('Company')} />
        </div>
        <ProofFiles />
        <SocialLinks />
        <RequestTypeError />
        <div>
          <SubmitButton>{trans('Submit request')}</SubmitButton>
        </div>
      </AdminForm>
    </section>
  );
}
