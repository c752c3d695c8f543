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
  confirmSubscription: {
    subject: 'Bestätige dein Abonnement der 13 Geheimnisse',
    greeting: 'Hallo!',
    body: 'Du hast die 13 Geheimnisse des 13-Monde-Kalenders angefordert. Bestätige diese Adresse, und der erste Brief kommt sofort; ohne Bestätigung schicken wir nichts weiter.',
    action: 'Abonnement bestätigen',
    expiry: 'Der Link gilt {{hours}} Stunden.',
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Die Adresse kommt nicht auf die Liste.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
  secretsWelcome: {
    subject: 'Das erste Geheimnis: warum 13 und 20',
    greeting: 'Hallo!',
    body: 'Danke für die Bestätigung. Das erste Geheimnis: Der Kalender zählt die Tage mit 13 Tönen und 20 Siegeln, die sich alle 260 Tage wieder treffen. Heute hat sein eigenes Kin: Öffne Hunab, um es zu lesen.',
    action: 'Das heutige Kin lesen',
    expiry: '',
    ignore:
      'Du erhältst dies, weil du die 13 Geheimnisse abonniert hast. Ein Klick auf den Abmeldelink nimmt dich von der Liste.',
    signature: 'In lak’ech, dein Hunab-Team',
  },
};
