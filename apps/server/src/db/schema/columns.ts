import { bigserial, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The creation time every table of events and records carries. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The time of a row's last change, written by the code that changes it. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A random UUID primary key. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A growing number as primary key, read as a JavaScript number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();
