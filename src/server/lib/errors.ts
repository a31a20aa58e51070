import { ERROR_CODES } from '#shared/contract/common';
import { MFA_REQUIRED } from '#shared/contract/auth-mfa';
import { NOT_READY } from '#shared/contract/closure';
import { SIGNING_FAILED } from '#shared/contract/signatures';

/** A failure the client can act on; the error plugin turns it into `{code, message}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, details?: Record<string, string>) {
    super(400, ERROR_CODES.validation, message, details);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in again.') {
    super(401, ERROR_CODES.unauthorized, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, ERROR_CODES.forbidden, message);
  }
}
export class NotFound extends AppError {
  constructor(message: string) {
    super(404, ERROR_CODES.notFound, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, ERROR_CODES.conflict, message);
  }
}
export class TooManyRequests extends AppError {
  /** Seconds until a retry can succeed, for the Retry-After header. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, ERROR_CODES.rateLimited, message);
  }
}
/** An outside system (JotForm, Arena, SMTP) failed; the message says which and why. */
export class Upstream extends AppError {
  constructor(message: string) {
    super(502, ERROR_CODES.upstream, message);
  }
}
/** The password was right and the account has a second factor: the sign-in goes on with `challenge`. */
export class SecondFactorRequired extends AppError {
  constructor(
    readonly challenge: string,
    message: string,
  ) {
    super(403, MFA_REQUIRED, message);
  }
}
/** A signature could not be verified: the session stays good, the person signs again. */
export class SigningFailed extends AppError {
  constructor(message: string) {
    super(401, SIGNING_FAILED, message);
  }
}
/** A complaint cannot be closed yet: `missing` says, one sentence each, what is still to be done. */
export class NotReady extends AppError {
  constructor(
    message: string,
    readonly missing: string[],
  ) {
    super(409, NOT_READY, message);
  }
}
