import type { EmailCopyBook } from './types.ts';

export const en: EmailCopyBook = {
  verifyEmail: {
    subject: 'Confirm your email for Hunab',
    greeting: 'Hello, {{name}}!',
    body: 'Please confirm that this is your email address, so that you can always get back into your Hunab account.',
    action: 'Confirm email',
    expiry: 'The link works for {{hours}} hours.',
    ignore: 'If you did not sign up for Hunab, simply ignore this email.',
    signature: 'In lak’ech, the Hunab team',
  },
  resetPassword: {
    subject: 'Reset your Hunab password',
    greeting: 'Hello, {{name}}!',
    body: 'Someone (we hope it was you) asked to reset the password of your Hunab account. Choose a new password with the button below.',
    action: 'Choose a new password',
    expiry: 'The link works for {{hours}} hour and only once.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    signature: 'In lak’ech, the Hunab team',
  },
  emailChanged: {
    subject: 'The email of your Hunab account was changed',
    greeting: 'Hello, {{name}}!',
    body: 'The email address of your Hunab account was just changed to {{email}}. From now on we will write there.',
    action: '',
    expiry: '',
    ignore: 'If you did not make this change, reset your password at once and write to us.',
    signature: 'In lak’ech, the Hunab team',
  },
  confirmSubscription: {
    subject: 'Confirm your subscription to the 13 secrets',
    greeting: 'Hello!',
    body: 'You asked for the 13 secrets of the 13-moon calendar. Confirm this address and the first letter arrives at once; without confirmation we send nothing more.',
    action: 'Confirm my subscription',
    expiry: 'The link works for {{hours}} hours.',
    ignore: 'If you did not ask for this, ignore this email: the address stays off the list.',
    signature: 'In lak’ech, the Hunab team',
  },
  secretsWelcome: {
    subject: 'The first secret: why 13 and 20',
    greeting: 'Hello!',
    body: 'Thank you for confirming. The first secret: the calendar counts days with 13 tones and 20 seals, which meet again every 260 days. Today has a kin of its own: open Hunab to read it.',
    action: "Read today's kin",
    expiry: '',
    ignore:
      'You receive this because you subscribed to the 13 secrets. One click on the unsubscribe link removes you from the list.',
    signature: 'In lak’ech, the Hunab team',
  },
};
