/**
 * Where the app runs: in a browser, or inside the Capacitor native shell (Android or iOS). No React here, so any
 * module (the API client, the service worker registration) can ask.
 */
import { Capacitor } from '@capacitor/core';

export type PlatformName = 'web' | 'android' | 'ios';
export type RegistrationSource = 'mobile_app' | 'website';

/** The application id of the native shell, also sent as X-Requested-With by its requests. */
export const NATIVE_APP_ID = 'app.hunab.mobile';

/** True inside the Capacitor shell on a phone, false in any browser (installed PWA included). */
export function isNativePlatform(): boolean {
  return Capacitor.isNativePlatform();
}

export function platformName(): PlatformName {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'web';
}

/** The `source` of a new account: the native app or the website. */
export function registrationSource(): RegistrationSource {
  return isNativePlatform() ? 'mobile_app' : 'website';
}

/** Headers by which the server tells requests of the native shell; none on the web. */
export function nativeRequestHeaders(): Record<string, string> {
  return isNativePlatform() ? { 'X-Requested-With': NATIVE_APP_ID, 'X-Platform': 'mobile-app' } : {};
}
