import type { EmailListState, EmailPreferences, EmailTopicBody } from '@hunab/contracts';
import { api } from './api.ts';

/** The signed-in user's email topics per language list (the email preferences page and onboarding). */
export const TOPICS_KEY = ['email-preferences'] as const;

export const fetchEmailPreferences = async () => (await api<{ data: EmailPreferences }>('/email-preferences')).data;
export const chooseTopic = (body: EmailTopicBody) =>
  api<{ data: EmailListState; confirmation_sent: boolean }>('/email-preferences/topics', { method: 'PUT', body });
