/**
 * What the providers' own documentation says their APIs take and answer: the limits the fakes enforce and request and
 * response examples in the documented shapes, so the adapters are checked against the documentation and not only
 * against fakes written from the same understanding.
 */

/**
 * YooKassa API v3 (https://yookassa.ru/developers/api, "Формат взаимодействия с API",
 * https://yookassa.ru/developers/using-api/interaction-format).
 */
export const YOOKASSA = {
  /** Idempotence-Key: any value up to 64 characters (a UUID v4 is suggested); required on every POST. */
  idempotenceKeyMax: 64,
  /** `description` of a payment: up to 128 characters. */
  descriptionMax: 128,
  /** A receipt item's `description`: up to 128 characters. */
  receiptItemDescriptionMax: 128,
  /**
   * `amount.value`: always a decimal string with a dot, as many digits after it as the currency has (two for RUB):
   * "2.00", "600.00".
   */
  amountValue: /^\d+\.\d{2}$/,
  /** A payment's `status`. */
  paymentStatuses: ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const,
  /** `vat_code` of a receipt item (1 to 6 in the classic table, 7 to 12 for the rates of 2025). */
  vatCodes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const,
  /** The smallest payment by card or YooMoney wallet: one rouble ("минимальный размер платежа — 1 рубль"). */
  minimumRub: 100,
};

/**
 * A partial refund with its receipt, as YooKassa's "Чеки при возвратах" shows it
 * (https://yookassa.ru/developers/payment-acceptance/receipts/54fz/other-services/refunds): "If you make a partial
 * refund, send the returned items in the `receipt` object when creating the refund"; a full refund needs none.
 */
export const yookassaPartialRefundExample = {
  payment_id: '215d8da0-000f-50be-b000-0003308c89be',
  amount: { value: '600.00', currency: 'RUB' },
  receipt: {
    customer: { full_name: 'Ivanov Ivan Ivanovich', email: 'email@email.ru', phone: '79000000000' },
    items: [
      {
        description: 'Наименование товара 1',
        quantity: '2.00',
        amount: { value: '250.00', currency: 'RUB' },
        vat_code: '2',
      },
      {
        description: 'Наименование товара 2',
        quantity: '1.00',
        amount: { value: '100.00', currency: 'RUB' },
        vat_code: '2',
      },
    ],
  },
};

/** A payment as YooKassa answers its creation with a redirect confirmation (the quick start's example). */
export const yookassaPaymentExample = {
  id: '22e12f66-000f-5000-8000-18db351245c7',
  status: 'pending',
  paid: false,
  amount: { value: '2.00', currency: 'RUB' },
  confirmation: {
    type: 'redirect',
    confirmation_url:
      'https://yoomoney.ru/api-pages/v2/payment-confirm/epl?orderId=22e12f66-000f-5000-8000-18db351245c7',
  },
  created_at: '2018-07-18T10:51:18.139Z',
  description: 'Заказ №72',
  metadata: {},
  recipient: { account_id: '100500', gateway_id: '100700' },
  refundable: false,
  test: false,
};

/**
 * PayPal Orders v2 and Payments v2 (https://developer.paypal.com/docs/api/orders/v2/).
 */
export const PAYPAL = {
  /**
   * `PayPal-Request-Id`: 1 to 108 characters on order creation; "mandatory for all single-step create order calls"
   * (a payment source with `paypal.vault_id`, for instance).
   */
  requestIdMax: 108,
  /** A purchase unit's `description` and `custom_id`: 1 to 127 characters. */
  descriptionMax: 127,
  /** `amount.value`: a decimal string; USD takes at most two decimals (DECIMAL_PRECISION otherwise). */
  amountValue: /^\d+(\.\d{1,2})?$/,
  /** A capture's `status` (definitions/capture_status). */
  captureStatuses: ['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED'] as const,
  /** An order's `status`. */
  orderStatuses: ['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED'] as const,
};

/** A vaulted PayPal renewal: one call, the saved token as payment source, and the capture in the answer. */
export const paypalVaultedOrderRequestExample = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'USD', value: '100.00' } }],
  payment_source: { paypal: { vault_id: '8kk8451t' } },
};
