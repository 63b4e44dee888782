import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZFileEntryResponseSchema } from '@cadence/contracts/file-entry';
import {
  ZEmptyUploadResponseSchema,
  ZS3BatchSignPartUrlsRequestSchema,
  ZS3BatchSignPartUrlsResponseSchema,
  ZS3EntriesRequestSchema,
  ZS3GetUploadedPartsResponseSchema,
  ZS3MultipartCompleteRequestSchema,
  ZS3MultipartCompleteResponseSchema,
  ZS3MultipartCreateRequestSchema,
  ZS3MultipartCreateResponseSchema,
  ZS3SimplePresignRequestSchema,
  ZS3SimplePresignResponseSchema,
  ZS3UploadRefSchema,
} from '@cadence/contracts/uploads';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth/auth-user';
import { AppError } from '../../platform/http/app-error';
import { createS3UploadsService } from './s3-uploads.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

export const s3UploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, settings, fileEntries } = app.services;
  const service = createS3UploadsService({ db: app.deps.db, storage, settings, fileEntries });

  function route<B extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    response: R,
    handler: (user: AuthUser, body: z.infer<B>) => Promise<z.infer<R>>,
  ) {
    app.post(
      `/api/v1/s3/${path}`,
      {
        config: { access: { permission: 'files.create' } },
        // Widened: a generic helper cannot name each route's reply type; the schemas still validate.
        schema: { tags: ['uploads'], summary, body, response: { 200: response, ...errors } } as FastifySchema,
      },
      async (request) => handler(userOf(request), request.body as z.infer<B>),
    );
  }

  route(
    'simple/presign',
    'Presign a direct PUT to S3',
    ZS3SimplePresignRequestSchema,
    ZS3SimplePresignResponseSchema,
    (user, body) => service.presignSimple(user, body),
  );
  route(
    'multipart/create',
    'Start an S3 multipart upload',
    ZS3MultipartCreateRequestSchema,
    ZS3MultipartCreateResponseSchema,
    (user, body) => service.createMultipart(user, body),
  );
  route(
    'multipart/batch-sign-part-urls',
    'Presign part uploads (and record parts already uploaded)',
    ZS3BatchSignPartUrlsRequestSchema,
    ZS3BatchSignPartUrlsResponseSchema,
    (user, body) => service.signParts(user, body),
  );
  route(
    'multipart/get-uploaded-parts',
    'Parts already uploaded, to resume',
    ZS3UploadRefSchema,
    ZS3GetUploadedPartsResponseSchema,
    (user, body) => service.uploadedParts(user, body),
  );
  route(
    'multipart/complete',
    'Complete a multipart upload',
    ZS3MultipartCompleteRequestSchema,
    ZS3MultipartCompleteResponseSchema,
    (user, body) => service.complete(user, body),
  );
  route(
    'multipart/abort',
    'Abort a multipart upload',
    ZS3UploadRefSchema,
    ZEmptyUploadResponseSchema,
    (user, body) => service.abort(user, body),
  );
  route(
    'entries',
    'Create the file entry of a finished direct upload',
    ZS3EntriesRequestSchema,
    ZFileEntryResponseSchema,
    async (user, body) => ({
      fileEntry: fileEntries.dto(await service.createEntry(user, body)),
    }),
  );
};
