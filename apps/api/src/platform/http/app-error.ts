import type { TFieldErrors } from '@cadence/contracts/errors';

const STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  too_many_requests: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS;

const DEFAULT_MESSAGES: Record<AppErrorCode, string> = {
  bad_request: 'Bad request.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  not_found: 'Not found.',
  conflict: 'Conflict.',
  validation: 'The given data was invalid.',
  too_many_requests: 'Too many requests. Please try again later.',
  unavailable: 'Service temporarily unavailable.',
};

/** Errors as values with codes; the error handler turns them into the spec's HTTP answers. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode,
    message?: string,
    readonly errors?: TFieldErrors,
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }
}

export function validationError(errors: TFieldErrors): AppError {
  const first = Object.values(errors)[0];
  const message = Array.isArray(first) ? first[0] : first;
  return new AppError('validation', message ?? DEFAULT_MESSAGES.validation, errors);
}
