/** Typed errors a service may throw; the pipeline maps each to its status code and JSON body. */
/** The error that led to this one (kept for logs, never sent to the caller). */
export interface ErrorOptions {
  cause?: unknown;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Whether a write failed because its condition did not hold (someone else wrote first, or the item
 * exists already). ElectroDB wraps the SDK's ConditionalCheckFailedException; this is the one check.
 */
export function isConditionFailure(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.name === 'ConditionalCheckFailedException') return true;
    e = e.cause as typeof e;
  }
  return /conditional request failed/i.test((error as Error)?.message ?? '');
}

export class BadRequestError extends HttpError {
  constructor(message = 'Bad request', fieldErrors?: Record<string, string[]>, options?: ErrorOptions) {
    super(400, message, fieldErrors, options);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized', options?: ErrorOptions) {
    super(401, message, undefined, options);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do that', options?: ErrorOptions) {
    super(403, message, undefined, options);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found', options?: ErrorOptions) {
    super(404, message, undefined, options);
  }
}
export class ConflictError extends HttpError {
  constructor(message = 'This was changed by someone else; reload and try again', options?: ErrorOptions) {
    super(409, message, undefined, options);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message = 'Request body is too large', options?: ErrorOptions) {
    super(413, message, undefined, options);
  }
}
export class UnprocessableError extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(422, message, undefined, options);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(
    message = 'Too many requests, please wait a minute and try again',
    options?: ErrorOptions,
    /** Seconds until a call may succeed again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, undefined, options);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service temporarily unavailable', options?: ErrorOptions) {
    super(503, message, undefined, options);
  }
}

/** A SCIM request the service refuses with RFC 7644's scimType (invalidFilter, mutability, …). */
export class ScimError extends HttpError {
  constructor(
    statusCode: 400 | 404 | 409,
    message: string,
    readonly scimType?:
      | 'invalidFilter'
      | 'invalidPath'
      | 'invalidValue'
      | 'mutability'
      | 'uniqueness'
      | 'noTarget',
  ) {
    super(statusCode, message);
  }
}
