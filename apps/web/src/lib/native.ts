/**
 * The web side of the bridge to the Capacitor shell. Every function is safe to call in a browser: it either does
 * the web equivalent or nothing. No React here.
 */
import { Browser } from '@capacitor/browser';
import { CapacitorException, ExceptionCode, registerPlugin, WebPlugin } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';
import { isNativePlatform } from './platform.ts';

/** Preferences key holding the local date (YYYY-MM-DD) of the last app icon change. */
export const LAST_ICON_UPDATE_KEY = 'last_icon_update_date';

/**
 * The native plugin that switches the launcher icon to one of the alternate icons bundled in the shell
 * (named `seal-1` ... `seal-20`). Same calls as @capacitor-community/app-icon. A shell without the plugin makes
 * calls fail with UNIMPLEMENTED, which updateAppIconDaily reports as false.
 */
export interface AppIconPlugin {
  /** Whether this platform can change its icon at all. */
  isSupported(): Promise<{ value: boolean }>;
  /** The alternate icon in use, or null for the default one. */
  getName(): Promise<{ value: string | null }>;
  change(options: { name: string }): Promise<void>;
  reset(): Promise<void>;
}

/** In a browser there is no launcher icon to change: every call does nothing (an installed PWA keeps its manifest's). */
export class AppIconWeb extends WebPlugin implements AppIconPlugin {
  async isSupported() {
    return { value: false };
  }
  async getName() {
    return { value: null };
  }
  async change(_options: { name: string }) {}
  async reset() {}
}

export const AppIcon = registerPlugin<AppIconPlugin>('AppIcon', { web: () => new AppIconWeb() });

/**
 * Opens a payment or subscription page: in the in-app browser inside the native shell (the shell's web view must
 * not leave the app), by navigating on the web. Only http(s) addresses are accepted.
 */
export async function openSubscriptionLink(url: string): Promise<void> {
  const target = new URL(url, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new TypeError(`Not a web address: ${url}`);
  }
  if (isNativePlatform()) {
    await Browser.open({ url: target.href });
  } else {
    window.location.assign(target.href);
  }
}

let pendingIconUpdate: Promise<boolean> | undefined;

/**
 * Inside the native shell, switches the app icon to the seal of the day, at most once per calendar day (`today`,
 * the device's local date as YYYY-MM-DD). Resolves true when the icon was changed now; false on the web, when it was
 * already changed today, or when the shell has no AppIcon plugin. Other native failures reject.
 */
export function updateAppIconDaily(sealNumber: number, today: string): Promise<boolean> {
  if (!Number.isInteger(sealNumber) || sealNumber < 1 || sealNumber > 20) {
    return Promise.reject(new RangeError(`The seal number must be an integer from 1 to 20, not ${sealNumber}.`));
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
    return Promise.reject(new RangeError(`The date must be YYYY-MM-DD, not ${today}.`));
  }
  if (!isNativePlatform()) return Promise.resolve(false);
  // Two screens asking at once make one native call.
  pendingIconUpdate ??= changeIconOnce(sealNumber, today).finally(() => {
    pendingIconUpdate = undefined;
  });
  return pendingIconUpdate;
}

async function changeIconOnce(sealNumber: number, today: string): Promise<boolean> {
  const { value: lastUpdate } = await Preferences.get({ key: LAST_ICON_UPDATE_KEY });
  if (lastUpdate === today) return false;
  try {
    await AppIcon.change({ name: `seal-${sealNumber}` });
  } catch (error) {
    if (isPluginMissing(error)) return false;
    throw error;
  }
  await Preferences.set({ key: LAST_ICON_UPDATE_KEY, value: today });
  return true;
}

/** A plugin absent from the shell: Capacitor's UNIMPLEMENTED / UNAVAILABLE, or a native error saying so. */
function isPluginMissing(error: unknown): boolean {
  const code = error instanceof CapacitorException ? error.code : (error as { code?: unknown } | null)?.code;
  if (code === ExceptionCode.Unimplemented || code === ExceptionCode.Unavailable) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /not (implemented|available)/i.test(message);
}
