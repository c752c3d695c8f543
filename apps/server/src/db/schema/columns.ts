import { bigserial, customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Bytes kept in the database (a prepared archive, an uploaded image), read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The creation time every table of events and records carries. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The time of a row's last change, written by the code that changes it. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A random UUID primary key. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A growing number as primary key, read as a JavaScript number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();
