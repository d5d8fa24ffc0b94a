/** The one error family services throw; the app's error handler turns each into its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message)
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in') {
    super(401, message)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message)
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message)
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message)
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) })
  }
}

export class ExternalServiceError extends AppError {
  constructor(message: string) {
    super(502, message)
  }
}

/** A provider's credentials are not set in the environment (docs/spec/product.md §5: "not configured"). */
export class NotConfiguredError extends AppError {
  constructor(message: string) {
    super(503, message)
  }
}
