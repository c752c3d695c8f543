import { ApiError } from './errors.ts';

/** How deep any JSON body may nest: far beyond what a client of this API sends, far below what recursion survives. */
export const MAX_BODY_DEPTH = 32;
/** Values (objects, arrays and leaves) in one body: bounds the work of every later walk over it. */
export const MAX_BODY_NODES = 20_000;

/**
 * Whether a parsed JSON value nests no deeper than `maxDepth` and holds at most `maxNodes` values. Walks with its
 * own stack, so a value nested thousands of levels deep is measured without recursing.
 */
export function jsonWithin(value: unknown, maxDepth: number, maxNodes = MAX_BODY_NODES): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (++nodes > maxNodes) return false;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return false;
    for (const item of Array.isArray(current) ? current : Object.values(current)) stack.push([item, depth + 1]);
  }
  return true;
}

/**
 * Refuses free-form JSON a client wants stored when it nests deeper than `maxDepth` or serialises to more than
 * `maxBytes`, with a 400 in the envelope naming the field, so what is kept stays small and cheap to read back.
 */
export function assertStorableJson(
  value: unknown,
  field: string,
  limits: { maxDepth: number; maxBytes: number },
): void {
  if (!jsonWithin(value, limits.maxDepth, limits.maxBytes)) {
    throw new ApiError(400, 'VALIDATION_ERROR', `${field} nests deeper than ${limits.maxDepth} levels.`);
  }
  if (Buffer.byteLength(JSON.stringify(value) ?? '') > limits.maxBytes) {
    throw new ApiError(400, 'VALIDATION_ERROR', `${field} is larger than ${limits.maxBytes} bytes.`);
  }
}

/**
 * A pre-validation hook: a body nested too deeply is a 400 before any schema or handler walks it. A callback hook,
 * so a request without a body (most of them) costs no promise.
 */
export function rejectDeepBodies(request: { body?: unknown }, _reply: unknown, done: (error?: Error) => void): void {
  const { body } = request;
  if (body !== null && typeof body === 'object' && !jsonWithin(body, MAX_BODY_DEPTH)) {
    done(
      new ApiError(
        400,
        'VALIDATION_ERROR',
        `The request body nests deeper than ${MAX_BODY_DEPTH} levels or holds too many values.`,
      ),
    );
    return;
  }
  done();
}
