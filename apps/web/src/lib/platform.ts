/**
 * Where the app runs: in a browser, or inside the Capacitor native shell (Android or iOS). No React here, so any
 * module (the API client, the service worker registration) can ask.
 */

/**
 * The native runtime puts its bridge on window.Capacitor before any web code runs, so reading it needs no import of
 * @capacitor/core: the browser bundle's first route stays without it.
 */
interface CapacitorBridge {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}
const bridge = (): CapacitorBridge | undefined =>
  typeof window === 'undefined' ? undefined : (window as { Capacitor?: CapacitorBridge }).Capacitor;

export type PlatformName = 'web' | 'android' | 'ios';
export type RegistrationSource = 'mobile_app' | 'website';

/** The application id of the native shell, also sent as X-Requested-With by its requests. */
export const NATIVE_APP_ID = 'app.hunab.mobile';

/** True inside the Capacitor shell on a phone, false in any browser (installed PWA included). */
export function isNativePlatform(): boolean {
  return bridge()?.isNativePlatform?.() === true;
}

export function platformName(): PlatformName {
  const platform = bridge()?.getPlatform?.();
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
