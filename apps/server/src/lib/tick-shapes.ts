import { createHook } from 'node:async_hooks';

let kept: object | null = null;

/**
 * Keeps one of Node's tick objects (what `process.nextTick` queues) alive for the life of the process. Call it once,
 * first thing at startup.
 *
 * `process.nextTick` builds each tick object with an object literal, and V8 remembers per shape how to add its four
 * fields. A shape lasts only while some object has it. Opening the embedded database runs the collector many times
 * (hundreds of megabytes of WebAssembly memory) while no tick object is queued, so the shapes are made again and
 * again, and V8 gives up remembering them (the literal's field definitions go megamorphic) for the rest of the
 * process. Node's streams queue several tick objects per HTTP request, and building each on V8's slow path was about
 * a fifth of the instructions of a calendar request (docs/decisions/038-speed.md). With one tick object that stays,
 * the shapes stay, and the field definitions stay on the fast path.
 */
export function keepTickObjectShapes(): void {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && !kept) kept = resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
}
