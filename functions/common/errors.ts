/** Typed errors a service may throw; the pipeline maps each to its status code and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message = 'Bad request', fieldErrors?: Record<string, string[]>) {
    super(400, message, fieldErrors);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do that') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message = 'This was changed by someone else; reload and try again') {
    super(409, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message = 'Request body is too large') {
    super(413, message);
  }
}
export class UnprocessableError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests, please wait a minute and try again') {
    super(429, message);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service temporarily unavailable') {
    super(503, message);
  }
}
