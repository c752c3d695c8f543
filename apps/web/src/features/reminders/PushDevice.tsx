import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { REMINDER_KEY } from './api.ts';

type State = 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

/** This device's push subscription: turned on with the browser's permission, kept on the server per device. */
export function PushDevice() {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(supported() ? 'busy' : 'unsupported');

  useEffect(() => {
    if (!supported()) return;
    if (Notification.permission === 'denied') return setState('denied');
    navigator.serviceWorker.ready
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? 'on' : 'off'))
      .catch(() => setState('off'));
  }, []);

  const enable = async () => {
    setState('busy');
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const { publicKey } = await api<{ publicKey: string }>('/reminders/push-key', { auth: false });
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey) as BufferSource,
      });
      await api('/reminders/push-subscriptions', { method: 'POST', body: subscription.toJSON() });
      setState('on');
    } catch {
      setState('off');
    }
    await queryClient.invalidateQueries({ queryKey: REMINDER_KEY });
  };

  const disable = async () => {
    setState('busy');
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await api('/reminders/push-subscriptions/remove', {
          method: 'POST',
          body: { endpoint: subscription.endpoint },
        });
        await subscription.unsubscribe();
      }
    } finally {
      setState('off');
      await queryClient.invalidateQueries({ queryKey: REMINDER_KEY });
    }
  };

  const text = {
    unsupported: t('deviceUnsupported'),
    denied: t('deviceDenied'),
    off: t('deviceOff'),
    on: t('deviceOn'),
    busy: t('deviceOff'),
  }[state];
  return (
    <section className="settings-card" aria-labelledby="push-device-title" data-testid="push-device" data-state={state}>
      <h2 className="h6" id="push-device-title">
        {t('device')}
      </h2>
      <p className="small text-body-secondary">{text}</p>
      {(state === 'off' || state === 'busy') && (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={enable} disabled={state === 'busy'}>
          {t('deviceEnable')}
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={disable}>
          {t('deviceDisable')}
        </button>
      )}
    </section>
  );
}
