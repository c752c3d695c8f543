/** A failed API call: `status` 0 for network errors and timeouts, else the HTTP status. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}
