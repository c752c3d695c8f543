import type { ReminderSettings } from '@hunab/contracts';
import { api } from '../../lib/api.ts';

export type ReminderState = ReminderSettings & { devices: number };

export const REMINDER_KEY = ['reminders'] as const;

export const fetchReminders = async () => (await api<{ data: ReminderState }>('/reminders')).data;
export const saveReminders = async (settings: ReminderSettings) =>
  (await api<{ data: ReminderState }>('/reminders', { method: 'PUT', body: settings })).data;

/** The browser's own IANA zone, the default for a new user. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
