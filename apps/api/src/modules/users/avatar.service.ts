import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@cadence/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { deleteAvatar, replaceAvatar } from './avatars.repository';
import { sniffImage } from './image-sniff';
import { safeFetch, UnsafeUrlError } from './safe-fetch';

export const NOT_AN_IMAGE_MESSAGE = 'This file type is not allowed';
export const UNSAFE_URL_MESSAGE = 'This URL is not allowed.';
export const tooLargeMessage = (name: string) => `\`${name}\` exceeds maximum allowed size of 2MB`;

/** Keeps the image in the database (2 MB at most) so every replica can serve it; returns its public path. */
export async function storeAvatar(
  db: Kysely<Database>,
  appUrl: string,
  userId: number,
  bytes: Buffer,
  field: string,
) {
  const type = sniffImage(bytes);
  if (!type) throw validationError({ [field]: NOT_AN_IMAGE_MESSAGE });
  const key = `${userId}-${randomBytes(12).toString('hex')}.${type.extension}`;
  const url = `${appUrl}/api/v1/avatars/${key}`;
  await replaceAvatar(db, userId, { key, mime: type.mime, data: bytes, url });
  return url;
}

export async function fetchAvatar(url: string, allowLoopback: boolean): Promise<Buffer> {
  try {
    const result = await safeFetch(url, { maxBytes: AVATAR_MAX_BYTES, allowLoopback });
    if (result.isTooLarge)
      throw validationError({ url: tooLargeMessage(new URL(url).pathname.split('/').pop() || 'image') });
    return result.body;
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw validationError({ url: UNSAFE_URL_MESSAGE });
    if ((error as { code?: string }).code === 'validation') throw error;
    throw validationError({ url: 'Could not download the image.' });
  }
}

export async function removeAvatar(db: Kysely<Database>, userId: number) {
  await deleteAvatar(db, userId);
}
