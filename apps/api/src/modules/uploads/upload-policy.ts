import { UPLOAD_MESSAGES } from '@cadence/contracts/uploads';
import { getRestrictionValue } from '@cadence/permissions/can';
import type { AuthUser } from '../../platform/auth/auth-user';
import { AppError, validationError } from '../../platform/http/app-error';
import type { SettingsService } from '../settings/settings.service';
import { cleanExtension, type SniffedType } from './sniff-type';

export type UploadPolicy = {
  maxSize: number | null;
  allowed: string[];
  blocked: string[];
  /** Bytes a user may store in total; null = unlimited. */
  quota: number | null;
};

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** Spec 9: units B to YB, base 1024. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.parseFloat(value.toFixed(1))} ${UNITS[unit]}`;
}

/** The user's own restriction on `files.create` wins over the site-wide `uploads.available_space`. */
export async function loadUploadPolicy(settings: SettingsService, user: AuthUser): Promise<UploadPolicy> {
  const [maxSize, allowed, blocked, available] = await Promise.all([
    settings.get('uploads.max_size'),
    settings.get('uploads.allowed_extensions'),
    settings.get('uploads.blocked_extensions'),
    settings.get('uploads.available_space'),
  ]);
  const restriction = getRestrictionValue({ user, guestRole: null }, 'files.create', 'available_space');
  return {
    maxSize: (maxSize as number | null) || null,
    allowed: allowed as string[],
    blocked: blocked as string[],
    quota: restriction ?? ((available as number | null) || null),
  };
}

/** An entry is a mime pattern (`image/*`, `audio/mpeg`) or an extension (`mp3`, `.mp3`). */
export function matchesType(entry: string, type: Pick<SniffedType, 'mime' | 'extension'>): boolean {
  const rule = entry.trim().toLowerCase();
  if (!rule) return false;
  if (rule.includes('/')) {
    if (rule.endsWith('/*')) return type.mime.startsWith(rule.slice(0, -1));
    return type.mime === rule;
  }
  return cleanExtension(rule) === type.extension;
}

export function isTypeAllowed(policy: Pick<UploadPolicy, 'allowed' | 'blocked'>, type: SniffedType): boolean {
  if (policy.blocked.some((entry) => matchesType(entry, type))) return false;
  if (policy.allowed.length === 0) return true;
  return policy.allowed.some((entry) => matchesType(entry, type));
}

export function tooLargeError(clientName: string, maxSize: number): AppError {
  const message = UPLOAD_MESSAGES.tooLarge
    .replace(':file', clientName)
    .replace(':size', formatBytes(maxSize));
  return validationError({ file: message });
}

export function assertSizeAllowed(policy: UploadPolicy, clientName: string, size: number): void {
  if (policy.maxSize !== null && size > policy.maxSize) throw tooLargeError(clientName, policy.maxSize);
}

export function assertTypeAllowed(policy: UploadPolicy, type: SniffedType): void {
  if (!isTypeAllowed(policy, type)) throw validationError({ file: UPLOAD_MESSAGES.typeNotAllowed });
}

export function assertSpaceAvailable(policy: UploadPolicy, usedBytes: number, size: number): void {
  if (policy.quota !== null && usedBytes + size > policy.quota) {
    throw validationError({ file: UPLOAD_MESSAGES.noSpace });
  }
}

export function assertCanUpload(hasPermission: boolean, user: AuthUser | null): asserts user is AuthUser {
  if (!user) throw new AppError('unauthenticated');
  if (!hasPermission) throw new AppError('forbidden');
}
