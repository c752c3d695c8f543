import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../src/lib/api-error.ts';
import { classifyError, severityOf } from '../src/lib/error-reporting.ts';

describe('client error classification', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), 'chunk_load', 'critical'],
    [new ApiRequestError(0, 'request_timeout', 'Request timed out. Please try again.'), 'timeout', 'medium'],
    [new ApiRequestError(401, 'UNAUTHORIZED', 'Please sign in.'), 'auth', 'medium'],
    [new ApiRequestError(403, 'FORBIDDEN', 'no'), 'permission', 'medium'],
    [new ApiRequestError(500, 'INTERNAL_ERROR', 'boom'), 'api', 'medium'],
    [new TypeError('NetworkError when attempting to fetch resource'), 'network', 'low'],
    [new SyntaxError('Unexpected token <'), 'syntax', 'high'],
    [new RangeError('Out of memory'), 'memory', 'critical'],
    [new Error('x is undefined'), 'runtime', 'high'],
  ])('classifies %s', (error, category, severity) => {
    const found = classifyError(error);
    expect(found).toBe(category);
    expect(severityOf(found)).toBe(severity);
  });

  it('takes the caller’s hint for component errors', () => {
    expect(classifyError(new Error('render failed'), 'component')).toBe('component');
  });
});
