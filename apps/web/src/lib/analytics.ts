import { keptAddress } from '@hunab/contracts';
import { apiUrl } from './api.ts';
import { platformName } from './platform.ts';
import { createSendWindow } from './send-window.ts';
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

/**
 * At most this many events a minute leave one tab: a quarter of what the server takes from one reader (120 a
 * minute), so quick browsing in a few tabs stays under it. The data layer still gets every event.
 */
const EVENTS_A_MINUTE = 30;
const sends = createSendWindow(EVENTS_A_MINUTE);

/** Sends an analytics event (spec 000 section 7): bearer when signed in; failures are ignored. */
export function track(event: AnalyticsEvent): void {
  const token = local.get(LOCAL_KEYS.authToken);
  if (sends.take()) sendEvent(event, token);
  const dataLayer = (window as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(dataLayer)) dataLayer.push({ ...event });
}

function sendEvent(event: AnalyticsEvent, token: string | null | undefined): void {
  void fetch(apiUrl('/analytics/track'), {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      ...event,
      platform: platformName(),
      timestamp: new Date().toISOString(),
      // The path and the kept parameters: a one-time link's token (reset, restore, export) never leaves the page.
      url: keptAddress(window.location.href),
      session_id: sessionId(),
    }),
  }).catch(() => {});
}
