import { AVATAR_MAX_BYTES } from '@cadence/contracts/account';
import { trans } from '../trans';

/** Spec 5 image upload: image/* only, at most 2 MB; the message to toast, or null. */
export function checkAvatarFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!file.type.startsWith('image/')) return trans('This file type is not allowed');
  if (file.size > AVATAR_MAX_BYTES) {
    return trans('`:file` exceeds maximum allowed size of :size', { file: file.name, size: '2 MB' });
  }
  return null;
}
