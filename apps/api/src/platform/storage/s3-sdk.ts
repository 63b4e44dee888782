/**
 * Every AWS SDK export the api uses, in one module that is only imported dynamically
 * (`loadS3Sdk`): the SDK (~60 MiB of RSS with lib-storage and the presigner) loads when a disk
 * that uses S3 is first touched, never at start on a local-disk install.
 */
export {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
export { Upload } from '@aws-sdk/lib-storage';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
