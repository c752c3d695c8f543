export * from './collections.ts';
export * from './date.ts';
export * from './day.ts';
export * from './entities.ts';
export * from './errors.ts';
export * from './formulas.ts';
export * from './kin.ts';
export * from './names/index.ts';
