import { apiUrl } from './api.ts';
import { platformName } from './platform.ts';
import { LOCAL_KEYS, local, SESSION_KEYS, session } from './storage.ts';

export interface AnalyticsEvent {
  event: string;
  category?: string;
  label?: string;
  value?: string | number;
  customData?: Record<string, unknown>;
}

function sessionId(): string {
  let id = session.get(SESSION_KEYS.analyticsSessionId);
  if (!id) {
    id = crypto.randomUUID();
    session.set(SESSION_KEYS.analyticsSessionId, id);
  }
  return id;
}

/** Sends an analytics event (spec 000 section 7): bearer when signed in; failures are ignored. */
export function track(event: AnalyticsEvent): void {
  const token = local.get(LOCAL_KEYS.authToken);
  void fetch(apiUrl('/analytics/track'), {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      ...event,
      platform: platformName(),
      timestamp: new Date().toISOString(),
      url: window.location.href,
      session_id: sessionId(),
    }),
  }).catch(() => {});
  const dataLayer = (window as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(dataLayer)) dataLayer.push({ ...event });
}
