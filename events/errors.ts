// Typed domain errors. The server's one error handler turns them into the { success:false, message } envelope.
export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** `message` is shown to users: always Spanish. */
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends DomainError {
  readonly status = 400;
}
export class UnauthorizedError extends DomainError {
  readonly status = 401;
}
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
export class NotFoundError extends DomainError {
  readonly status = 404;
}
export class ConflictError extends DomainError {
  readonly status = 409;
}
/** What the request names was there once and cannot be used any more (a link already used, or expired). */
export class GoneError extends DomainError {
  readonly status = 410;
}
/** Well formed, but not something the server can do as sent (an Idempotency-Key already used for other data). */
export class UnprocessableError extends DomainError {
  readonly status = 422;
}
export class UnavailableError extends DomainError {
  readonly status = 503;
}
/** The request's body is bigger than what the route takes (a file over its kind's limit). */
export class TooLargeError extends DomainError {
  readonly status = 413;
}
/** The request's content is of a type the route does not take (a file that is no image, audio or PDF). */
export class UnsupportedTypeError extends DomainError {
  readonly status = 415;
}
