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
  teamInvite: {
    subject: 'Einladung in das Team „{{team}}“ bei Hunab',
    greeting: 'Hallo!',
    body: '{{name}} lädt Sie in das Team „{{team}}“ bei Hunab ein: Die Teamkarte zeigt das Kin jedes Mitglieds und wie Sie zueinander stehen. Melden Sie sich an und geben Sie Ihr Geburtsdatum an, um beizutreten.',
    action: 'Dem Team beitreten',
    expiry: 'Der Link ist {{hours}} Stunden gültig.',
    ignore: 'Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie einfach.',
    signature: 'In lak’ech, Ihr Hunab-Team',
  },
};
