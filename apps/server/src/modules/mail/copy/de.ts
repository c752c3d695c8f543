import type { EmailCopyBook } from './types.ts';

export const de: EmailCopyBook = {
  verifyEmail: {
    subject: 'Bestätige deine E-Mail-Adresse für Hunab',
    greeting: 'Hallo {{name}}!',
    body: 'Bitte bestätige, dass das deine E-Mail-Adresse ist – so kommst du jederzeit wieder in dein Hunab-Konto.',
    action: 'E-Mail-Adresse bestätigen',
    expiry: 'Der Link ist {{hours}} Stunden lang gültig.',
    ignore: 'Wenn du dich nicht bei Hunab registriert hast, kannst du diese E-Mail einfach ignorieren.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
  resetPassword: {
    subject: 'Dein Hunab-Passwort zurücksetzen',
    greeting: 'Hallo {{name}}!',
    body: 'Jemand (hoffentlich du) möchte das Passwort deines Hunab-Kontos zurücksetzen. Über den Button unten kannst du ein neues Passwort festlegen.',
    action: 'Neues Passwort festlegen',
    expiry: 'Der Link ist {{hours}} Stunde lang gültig und funktioniert nur einmal.',
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail einfach – dein Passwort bleibt unverändert.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
  emailChanged: {
    subject: 'Die E-Mail-Adresse deines Hunab-Kontos wurde geändert',
    greeting: 'Hallo {{name}}!',
    body: 'Die E-Mail-Adresse deines Hunab-Kontos wurde gerade auf {{email}} geändert. Ab jetzt schreiben wir dir dorthin.',
    action: '',
    expiry: '',
    ignore: 'Wenn du das nicht warst, setze sofort dein Passwort zurück und schreib uns.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
  paymentReceipt: {
    subject: 'Dein Hunab-Beleg: {{product}}',
    greeting: 'Hallo, {{name}}!',
    body: 'Danke: deine Zahlung von {{amount}} für {{product}} ist am {{date}} eingegangen. Was du gekauft hast, ist jetzt in deinem Konto offen.',
    action: 'Meine Zahlungen',
    expiry: '',
    ignore: 'Bewahre diese E-Mail als Beleg auf. Wenn du diese Zahlung nicht gemacht hast, schreib uns sofort.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
  paymentFailed: {
    subject: 'Deine Hunab-Zahlung ist nicht durchgegangen',
    greeting: 'Hallo, {{name}}!',
    body: 'Wir konnten {{amount}} für {{product}} nicht abbuchen. Wir versuchen es in den nächsten Tagen erneut; du kannst auch deine Karte prüfen oder eine andere Zahlungsart wählen.',
    action: 'Mein Abo verwalten',
    expiry: '',
    ignore: 'Wenn du aufhören wolltest, kannst du die Verlängerung auf derselben Seite kündigen.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
  renewalReminder: {
    subject: 'Dein Hunab-Abo verlängert sich am {{date}}',
    greeting: 'Hallo, {{name}}!',
    body: 'Dein {{product}} verlängert sich am {{date}} für {{amount}} über die gespeicherte Zahlungsart. Wenn du weitermachen willst, musst du nichts tun.',
    action: 'Mein Abo verwalten',
    expiry: '',
    ignore:
      'Um die Verlängerung zu stoppen, kündige vor diesem Tag: der Zugang bleibt bis zum Ende des bezahlten Zeitraums.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
};
