import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { TErrorEnvelope, TFieldErrors } from '@cadence/contracts/errors';
import { translateValidationMessage } from '@cadence/contracts/zod-error-map';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, validationError } from './app-error';
import { isConnectionError, isDatabaseBusyError } from './connection-errors';
import { buildDebugTrace } from './debug-trace';
import { databaseInputError, multipartInputError } from './input-errors';

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable.';

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function fieldName(issue: ValidationIssue): string {
  const fromPath = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') return fromPath ? `${fromPath}.${missing}` : missing;
  return fromPath || 'body';
}

function collectFieldErrors(issues: ValidationIssue[]): TFieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldName(issue);
    errors[field] ??= [];
    errors[field].push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

function zodIssues(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ instancePath: `/${issue.path.join('/')}`, message: issue.message }));
}

/** Maps any thrown value to the one envelope of `@cadence/contracts/errors`. */
export function toEnvelope(error: unknown): { status: number; body: TErrorEnvelope; isServerFault: boolean } {
  if (error instanceof AppError) {
    const body: TErrorEnvelope = { message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.statusCode, body, isServerFault: error.statusCode >= 500 };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const appError = validationError(collectFieldErrors(error.validation));
    return toEnvelope(appError);
  }
  if (error instanceof ZodError) return toEnvelope(validationError(collectFieldErrors(zodIssues(error))));
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    return toEnvelope(validationError(collectFieldErrors(fastifyError.validation as ValidationIssue[])));
  }
  if (isConnectionError(error) || isDatabaseBusyError(error)) {
    return { status: 503, body: { message: UNAVAILABLE_MESSAGE }, isServerFault: true };
  }
  const inputError = databaseInputError(error) ?? multipartInputError(error);
  if (inputError) return toEnvelope(inputError);
  const status = fastifyError.statusCode;
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    return { status, body: { message: fastifyError.message || GENERIC_ERROR_MESSAGE }, isServerFault: false };
  }
  return { status: 500, body: { message: GENERIC_ERROR_MESSAGE }, isServerFault: true };
}

type ErrorHandlerOptions = {
  isDebug: boolean;
  /** The reader's localization lines: validation messages are answered in their language. */
  linesFor?: (request: FastifyRequest) => Promise<Readonly<Record<string, string>>>;
  /** Told of every server fault (not 503s: a dependency away) for the admin's error log. */
  onServerFault?: (request: FastifyRequest, error: unknown, status: number) => Promise<void>;
};

async function translateFieldErrors(
  body: TErrorEnvelope,
  request: FastifyRequest,
  linesFor: NonNullable<ErrorHandlerOptions['linesFor']>,
): Promise<void> {
  // A failure to read the lines (the database away) leaves the English messages.
  const lines = await linesFor(request).catch(() => ({}));
  if (Object.keys(lines).length === 0) return;
  body.message = translateValidationMessage(body.message, lines);
  if (!body.errors) return;
  body.errors = Object.fromEntries(
    Object.entries(body.errors).map(([field, messages]) => [
      field,
      typeof messages === 'string'
        ? translateValidationMessage(messages, lines)
        : messages.map((message) => translateValidationMessage(message, lines)),
    ]),
  );
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: ErrorHandlerOptions) => {
    app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body, isServerFault } = toEnvelope(error);
      if (status === 422 && options.linesFor) await translateFieldErrors(body, request, options.linesFor);
      if (status === 503) request.log.warn({ err: error }, 'dependency unavailable');
      else if (isServerFault) {
        request.log.error({ err: error }, 'request failed');
        // Not awaited: the answer does not wait on the log's database write.
        void options.onServerFault?.(request, error, status);
      }
      if (options.isDebug && isServerFault && error instanceof Error) body.debug = buildDebugTrace(error);
      const retryAfter = (error as { headers?: Record<string, string> }).headers;
      if (retryAfter) reply.headers(retryAfter);
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-handler' },
);
