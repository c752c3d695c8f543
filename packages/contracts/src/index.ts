export * from './auth.ts';
export * from './calendar.ts';
export * from './comments.ts';
export * from './content.ts';
export * from './errors.ts';
export * from './system.ts';
export * from './telemetry.ts';
export * from './text.ts';
