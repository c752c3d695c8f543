import { z } from 'zod/v4';

/**
 * The zod the browser build uses (vite.config.ts points `zod` here). Zod compiles object checks with `new Function`
 * when it may, and probes whether it may by trying once; under the app's Content-Security-Policy, which allows no
 * eval, that probe is reported as a policy violation although zod catches it. Without the compiled checks nothing
 * is probed, and the few forms the browser checks are checked as quickly.
 */
z.config({ jitless: true });

export { z };
