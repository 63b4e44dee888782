import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TArtist, type TArtistResponse, ZArtistCreateSchema } from '@cadence/contracts/artist';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { FormImageField } from './form-media-fields';
import { FormListField } from './list-field';

type TValues = z.input<typeof ZArtistCreateSchema>;

function LinksField() {
  const { trans } = useTrans();
  const { control } = useFormContext<TValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'links' as never });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{trans('Links')}</legend>
      {fields.map((item, index) => (
        <div key={item.id} className="flex flex-wrap items-end gap-2">
          <FormTextField<TValues> name={`links.${index}.title`} label={trans('Title')} className="w-40" />
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
 * The artist edit form shared by the backstage (`/backstage/artists/{id}/edit`) and the admin:
 * name, image, bio, links, genres. Saves with PUT (or POST without `artist`) through the api.
 */
export function ArtistForm({ artist, onSaved }: { artist?: TArtist; onSaved?: (artist: TArtist) => void }) {
  const { trans } = useTrans();
  const adminForm = useAdminForm({
    schema: ZArtistCreateSchema,
    defaultValues: {
      name: artist?.name ?? '',
      image_small: artist?.image_small ?? null,
      image_large: artist?.image_large ?? null,
      description: artist?.description ?? '',
      links: artist?.links ?? [],
      genres: artist?.genres?.map((genre) => genre.name) ?? [],
    },
    submit: (values) => {
      const body = { ...values, image_large: values.image_small ?? null };
      return artist
        ? apiClient.put<TArtistResponse>(`artists/${artist.id}`, body)
        : apiClient.post<TArtistResponse>('artists', body);
    },
    successMessage: trans('Artist saved'),
    onSuccess: (result) => onSaved?.(result.artist),
  });
  return (
    <AdminForm adminForm={adminForm}>
      <FormTextField<TValues> name="name" label={trans('Name')} isRequired />
      <FormImageField<TValues> name="image_small" label={trans('Image')} />
      <FormTextarea<TValues> name="description" label={trans('Biography')} rows={5} />
      <LinksField />
      <FormListField<TValues>
        name="genres"
        label={trans('Genres')}
        description={trans('Separate with commas')}
      />
      <div>
        <SubmitButton>{trans('Save')}</SubmitButton>
      </div>
    </AdminForm>
  );
}
