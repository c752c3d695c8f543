import { ApiRequestError } from './api-error.ts';

export type CircuitState = 'closed' | 'open' | 'half-open';

export class CircuitOpenError extends Error {
  constructor(readonly circuit: string) {
    super(`Circuit ${circuit} is open - request rejected`);
    this.name = 'CircuitOpenError';
  }
}

/** Only trouble on the way or on the server counts: network errors, timeouts, aborts and 5xx. Not 4xx. */
export function countsAsFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 0 || error.status >= 500;
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) return true;
  return error instanceof TypeError;
}

/**
 * Closed, open after `failureThreshold` consecutive failures, half-open once `resetMs` has passed (one trial
 * request), closed again after one success (spec 000 section 4.9).
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private stateValue: CircuitState = 'closed';

  constructor(
    readonly name: string,
    private readonly options: { failureThreshold: number; resetMs: number; now?: () => number },
  ) {}

  get state(): CircuitState {
    if (this.stateValue === 'open' && this.now() - this.openedAt >= this.options.resetMs) this.stateValue = 'half-open';
    return this.stateValue;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async execute<T>(run: () => Promise<T>): Promise<T> {
    if (this.state === 'open') throw new CircuitOpenError(this.name);
    try {
      const result = await run();
      this.failures = 0;
      this.stateValue = 'closed';
      return result;
    } catch (error) {
      if (countsAsFailure(error)) {
        this.failures += 1;
        if (this.stateValue === 'half-open' || this.failures >= this.options.failureThreshold) {
          this.stateValue = 'open';
          this.openedAt = this.now();
        }
      }
      throw error;
    }
  }

  reset(): void {
    this.failures = 0;
    this.stateValue = 'closed';
  }
}

/** The breakers of spec 000 section 9: cards 4 failures / 10 s, auth 5 failures / 15 s. */
export const breakers = {
  cards: new CircuitBreaker('cards', { failureThreshold: 4, resetMs: 10_000 }),
  auth: new CircuitBreaker('auth', { failureThreshold: 5, resetMs: 15_000 }),
};
