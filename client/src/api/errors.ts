// Kept apart from client.ts so code that only checks errors (the query retry policy) does not pull in the client.
/** An API answer that was not a success: the server's Spanish message and the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}
