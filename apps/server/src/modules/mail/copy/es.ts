import type { EmailCopyBook } from './types.ts';

export const es: EmailCopyBook = {
  verifyEmail: {
    subject: 'Confirma tu correo para Hunab',
    greeting: '¡Hola, {{name}}!',
    body: 'Confirma que esta es tu dirección de correo electrónico para que siempre puedas volver a acceder a tu cuenta de Hunab.',
    action: 'Confirmar correo',
    expiry: 'El enlace es válido durante {{hours}} horas.',
    ignore: 'Si no te registraste en Hunab, simplemente ignora este correo.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
  resetPassword: {
    subject: 'Restablece tu contraseña de Hunab',
    greeting: '¡Hola, {{name}}!',
    body: 'Alguien (esperamos que hayas sido tú) pidió restablecer la contraseña de tu cuenta de Hunab. Elige una nueva contraseña con el botón de abajo.',
    action: 'Elegir nueva contraseña',
    expiry: 'El enlace es válido durante {{hours}} hora y solo se puede usar una vez.',
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña seguirá siendo la misma.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
  emailChanged: {
    subject: 'Se cambió el correo de tu cuenta de Hunab',
    greeting: '¡Hola, {{name}}!',
    body: 'El correo electrónico de tu cuenta de Hunab se acaba de cambiar a {{email}}. A partir de ahora te escribiremos allí.',
    action: '',
    expiry: '',
    ignore: 'Si no hiciste este cambio, restablece tu contraseña de inmediato y escríbenos.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
  teamInvite: {
    subject: 'Invitación al equipo «{{team}}» en Hunab',
    greeting: '¡Hola!',
    body: '{{name}} te invita al equipo «{{team}}» en Hunab: el mapa del equipo muestra el kin de cada miembro y cómo os relacionáis. Para unirte, inicia sesión e indica tu fecha de nacimiento.',
    action: 'Unirme al equipo',
    expiry: 'El enlace funciona durante {{hours}} horas.',
    ignore: 'Si no esperabas este correo, simplemente ignóralo.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
};
