/** An error with a status and the pt-BR `Message` the client shows; extra fields go into the body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const tooManyRequests = (retryAfter: number, message: string) =>
  new HttpError(429, message, { retryAfter }, { 'retry-after': String(retryAfter) });
