import { MULTIPART_THRESHOLD, TUS_THRESHOLD } from '@cadence/contracts/uploads';
import type { TUploadSettings, TUploadStrategyKind } from './upload-types';

/** Spec 9's base unit. */
export const ONE_MIB = 1024 * 1024;
/** Spec 9: 100 MB and 4 MB, read in the 1 MiB base unit (as the api reads them). */
export const MULTIPART_MIN_SIZE = MULTIPART_THRESHOLD;
export const RESUMABLE_MIN_SIZE = TUS_THRESHOLD;

type TStrategySettings = Pick<
  TUploadSettings,
  'uploads_driver' | 'public_driver' | 's3_direct_upload' | 'disable_tus'
>;

export function isS3Driver(driver: string | null | undefined): boolean {
  const name = (driver ?? '').toLowerCase();
  return name === 's3' || name.endsWith('_s3');
}

export function driverForDisk(settings: TStrategySettings, disk: 'uploads' | 'public' = 'uploads'): string {
  return disk === 'public' ? settings.public_driver : settings.uploads_driver;
}

/** Spec 9: which transport a file of this size goes through. */
export function chooseStrategy(
  size: number,
  settings: TStrategySettings,
  disk: 'uploads' | 'public' = 'uploads',
): TUploadStrategyKind {
  const isDirectS3 = settings.s3_direct_upload && isS3Driver(driverForDisk(settings, disk));
  if (isDirectS3) return size >= MULTIPART_MIN_SIZE ? 's3-multipart' : 's3-simple';
  if (!settings.disable_tus && size >= RESUMABLE_MIN_SIZE) return 'tus';
  return 'form';
}
