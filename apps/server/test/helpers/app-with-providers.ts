import { afterAll, beforeAll } from 'vitest';
import { type TestContext, useTestApp } from './app.ts';
import { fakePaypal, fakeYookassa } from './fake-providers.ts';

/**
 * The real app on its own database with every payment provider: YooKassa and PayPal as local fakes, and the built-in
 * test provider. The fakes are closed after the test file.
 */
export function useAppWithProviders(): TestContext & {
  yookassa: Awaited<ReturnType<typeof fakeYookassa>>;
  paypal: Awaited<ReturnType<typeof fakePaypal>>;
} {
  const fakes = {} as {
    yookassa: Awaited<ReturnType<typeof fakeYookassa>>;
    paypal: Awaited<ReturnType<typeof fakePaypal>>;
  };
  beforeAll(async () => {
    fakes.yookassa = await fakeYookassa();
    fakes.paypal = await fakePaypal();
  });
  afterAll(async () => {
    await fakes.yookassa?.close();
    await fakes.paypal?.close();
  });
  const ctx = useTestApp(() => ({
    payments: {
      yookassa: { ...fakes.yookassa.credentials, apiUrl: fakes.yookassa.url },
      paypal: { ...fakes.paypal.credentials, apiUrl: fakes.paypal.url },
      testProvider: true,
    },
  }));
  // Read when the tests run, after beforeAll has started the fakes.
  Object.defineProperties(ctx, {
    yookassa: { get: () => fakes.yookassa },
    paypal: { get: () => fakes.paypal },
  });
  return ctx as TestContext & typeof fakes;
}
