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
  teamInvite: {
    subject: 'An invitation to the team “{{team}}” on Hunab',
    greeting: 'Hello!',
    body: '{{name}} invites you to the team “{{team}}” on Hunab: the team map shows each member’s kin and how you relate to each other. To join, sign in and give your birth date.',
    action: 'Join the team',
    expiry: 'The link works for {{hours}} hours.',
    ignore: 'If you did not expect this email, simply ignore it.',
    signature: 'In lak’ech, the Hunab team',
  },
};
