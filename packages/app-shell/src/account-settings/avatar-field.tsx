import type { TAccountUser } from '@cadence/contracts/account';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { TUser } from '@cadence/contracts/user';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { accountKeys, syncBootstrapUser } from './account-queries';
import { checkAvatarFile } from './avatar-file';

/** Spec 5 avatar upload: a validation error on the file field is a toast, otherwise generic. */
function avatarErrorMessage(error: unknown): string {
  if (isHttpError(error)) {
    const fileError = error.fieldErrors.file ?? error.fieldErrors.url;
    if (fileError) return fileError;
  }
  return GENERIC_ERROR_MESSAGE;
}

export function AvatarField({ user }: { user: Pick<TAccountUser, 'id' | 'image' | 'name'> }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const applyUser = async (saved: TUser) => {
    syncBootstrapUser(saved);
    await queryClient.invalidateQueries({ queryKey: accountKeys.user });
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      setFormError(trans('Please select an image.'));
      return;
    }
    const restriction = checkAvatarFile(file);
    if (restriction) {
      toast.danger(restriction);
      return;
    }
    setFormError(null);
    setIsPending(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const { user: saved } = await apiClient.post<{ user: TUser }>(`users/${user.id}/avatar`, body);
      await applyUser(saved);
      toast.positive(trans('Uploaded avatar'));
    } catch (error) {
      toast.danger(trans(avatarErrorMessage(error)));
    } finally {
      setIsPending(false);
    }
  };

  const remove = async () => {
    setIsPending(true);
    try {
      const { user: saved } = await apiClient.delete<{ user: TUser }>(`users/${user.id}/avatar`);
      await applyUser(saved);
      toast.positive(trans('Removed avatar'));
    } catch {
      toast.danger(trans(GENERIC_ERROR_MESSAGE));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-3" data-testid="avatar-field">
      <span className="text-sm font-medium">{trans('Profile image')}</span>
      {user.image ? (
        <img src={user.image} alt={trans('Profile image')} className="size-24 rounded-full object-cover" />
      ) : (
        <span className="flex size-24 items-center justify-center rounded-full bg-primary text-3xl text-on-primary">
          {user.name.charAt(0).toUpperCase()}
        </span>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={trans('Upload image')}
        onChange={upload}
      />
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          isPending={isPending}
          isDisabled={isPending}
          onPress={() => inputRef.current?.click()}
        >
          {trans('Upload image')}
        </Button>
        {user.image && (
          <Button size="sm" variant="text" isDisabled={isPending} onPress={remove}>
            {trans('Remove image')}
          </Button>
        )}
      </div>
      {formError && (
        <p role="alert" className="text-xs text-danger">
          {formError}
        </p>
      )}
    </div>
  );
}
