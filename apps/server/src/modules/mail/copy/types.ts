/** The messages the product sends by email. */
export type EmailKind =
  | 'verifyEmail'
  | 'resetPassword'
  | 'emailChanged'
  | 'confirmEmailChange'
  | 'emailChangeRequested'
  | 'paymentReceipt'
  | 'paymentFailed'
  | 'paymentRefunded'
  | 'duplicateRefunded'
  | 'renewalReminder'
  | 'teamInvite'
  | 'confirmSubscription'
  | 'secretsWelcome'
  | 'dataExportReady'
  | 'confirmAccountDeletion'
  | 'accountDeleted'
  | 'closedAccountReset';

/**
 * The words of one email in one language. Placeholders in double braces are filled in when the email is
 * rendered: {{name}} (the person's name or, failing that, their email), {{duration}} (how long a link stays valid, said with the
 * language's plural rules and digits: "24 hours", "14 days", "ساعة واحدة"),
 * {{email}} (the new address, in emailChanged), {{product}}, {{amount}} and {{date}} (payment emails), {{team}} (a
 * team's name, in teamInvite).
 */
export interface EmailCopy {
  subject: string;
  /** First line, a greeting: "Hello, {{name}}!" */
  greeting: string;
  /** One or two sentences saying why this email came. */
  body: string;
  /** Label of the button / link. Empty for emails without a link. */
  action: string;
  /** When the link stops working: "The link works for {{duration}}." Empty for emails without a link. */
  expiry: string;
  /** What to do if the reader did not ask for this. */
  ignore: string;
  /** Sign-off above the product name: "With warmth, the Hunab team". */
  signature: string;
}

export type EmailCopyBook = Record<EmailKind, EmailCopy>;
