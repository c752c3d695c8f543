import type { PaymentProviderId } from '@hunab/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { afterAnswer } from '../../lib/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProductService } from '../products/service.ts';
import { createBilling } from './billing.ts';
import { createPaypalProvider } from './providers/paypal.ts';
import { createTestProvider } from './providers/test.ts';
import type { PaymentProvider } from './providers/types.ts';
import { yookassaProvider } from './providers/yookassa.ts';
import { createPaymentService } from './service.ts';

/** The payment providers configured here, the order service on top of them and recurring billing. */
export function createPayments(options: {
  db: Db;
  config: PaymentsConfig;
  products: ProductService;
  mailer: Mailer;
  publicUrl: string;
  secret: Uint8Array;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const providers = new Map<PaymentProviderId, PaymentProvider>();
  if (options.config.yookassa) providers.set('yookassa', yookassaProvider(options.config.yookassa));
  if (options.config.paypal) providers.set('paypal', createPaypalProvider(options.config.paypal));
  const testProvider = options.config.testProvider
    ? createTestProvider({ db: options.db, publicUrl: options.publicUrl, secret: options.secret })
    : null;
  if (testProvider) providers.set('test', testProvider);

  const payments = createPaymentService({ ...options, providers });
  const billing = createBilling({ ...options, payments, providers });

  // Notifications are processed after their answer; one run at a time per process, awaited when the app closes.
  const background = afterAnswer(
    () => payments.processInbox(),
    options.log,
    'payment notifications failed; the scheduler retries',
  );

  return {
    providers,
    testProvider,
    payments,
    billing,
    kick: background.kick,
    idle: background.idle,
    /** The scheduler's share: due notifications, abandoned orders, reminders and renewal charges. */
    async runDue() {
      const notifications = await payments.processInbox(100);
      const abandoned = await payments.sweepPending();
      const reminders = await billing.sendReminders();
      const renewals = await billing.chargeDue();
      return { notifications, abandoned, reminders, ...renewals };
    },
  };
}
export type Payments = ReturnType<typeof createPayments>;
