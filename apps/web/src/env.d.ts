/** The app version from the root package.json, set at build time. */
declare const __APP_VERSION__: string;

/** An id of this build, also written to dist/version.json as cacheVersion. */
declare const __BUILD_ID__: string | undefined;
