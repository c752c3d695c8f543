import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (Android, iOS): the built web app (`dist`) in a web view, with the in-app browser and
 * preferences plugins. Build the web app first, then `npx cap sync` from apps/web. See the README, "Native apps".
 */
const config: CapacitorConfig = {
  appId: 'app.hunab.mobile',
  appName: 'Hunab',
  webDir: 'dist',
  // The web view's background before the app paints: the app's own dark colour, no white flash.
  backgroundColor: '#14121f',
  server: {
    // The app is served from https://localhost inside the shell, a secure context like the website.
    androidScheme: 'https',
  },
  android: {
    allowMixedContent: false,
  },
  plugins: {
    // fetch stays the web view's own (requests carry X-Requested-With / X-Platform, see src/lib/platform.ts).
    CapacitorHttp: { enabled: false },
  },
};

export default config;
