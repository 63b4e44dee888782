import { FormUpload } from './strategies/form-upload';
import { S3MultipartUpload } from './strategies/s3-multipart';
import { S3SimpleUpload } from './strategies/s3-simple';
import { TusUpload } from './strategies/tus';
import { chooseStrategy } from './strategy';
import type { TUploadContext } from './upload-context';
import type {
  TStrategyCallbacks,
  TUploadOptions,
  TUploadStrategy,
  TUploadStrategyKind,
} from './upload-types';
import type { UploadedFile } from './uploaded-file';

export type TStrategyFactory = (
  kind: TUploadStrategyKind,
  file: UploadedFile,
  options: TUploadOptions,
  callbacks: TStrategyCallbacks,
) => TUploadStrategy;

export function strategyKindFor(file: UploadedFile, options: TUploadOptions, context: TUploadContext) {
  return chooseStrategy(file.size, context.settings, options.disk);
}

/** The real transports of spec 7, bound to one context. */
export function createStrategyFactory(context: TUploadContext): TStrategyFactory {
  return (kind, file, options, callbacks) => {
    switch (kind) {
      case 's3-multipart':
        return new S3MultipartUpload(file, options, context, callbacks);
      case 's3-simple':
        return new S3SimpleUpload(file, options, context, callbacks);
      case 'tus':
        return new TusUpload(file, options, context, callbacks);
      case 'form':
        return new FormUpload(file, options, context, callbacks);
    }
  };
}
