// The fake Bot API as a process of its own, for the browser tests' server (TELEGRAM_API_URL points at it):
// FAKE_TELEGRAM_PORT and FAKE_TELEGRAM_TOKEN. Stops with its parent.
import { startFakeTelegram } from './fake-telegram.ts';

const port = Number(process.env.FAKE_TELEGRAM_PORT);
const token = process.env.FAKE_TELEGRAM_TOKEN ?? '';
if (!port || !token) throw new Error('FAKE_TELEGRAM_PORT and FAKE_TELEGRAM_TOKEN are needed');
const fake = await startFakeTelegram(token, port);
console.log(`fake Bot API on ${fake.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
