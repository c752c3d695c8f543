export * from './calendar.ts';
export * from './errors.ts';
export * from './system.ts';
