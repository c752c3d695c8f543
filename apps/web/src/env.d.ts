/** The app version from the root package.json, set at build time. */
declare const __APP_VERSION__: string;
