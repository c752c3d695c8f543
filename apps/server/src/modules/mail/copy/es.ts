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
  confirmSubscription: {
    subject: 'Confirma tu suscripción a los 13 secretos',
    greeting: '¡Hola!',
    body: 'Pediste los 13 secretos del calendario de 13 lunas. Confirma esta dirección y la primera carta llegará enseguida; sin confirmación no enviamos nada más.',
    action: 'Confirmar mi suscripción',
    expiry: 'El enlace funciona durante {{hours}} horas.',
    ignore: 'Si no lo pediste, ignora este correo: la dirección no entra en la lista.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
  secretsWelcome: {
    subject: 'El primer secreto: por qué 13 y 20',
    greeting: '¡Hola!',
    body: 'Gracias por confirmar. El primer secreto: el calendario cuenta los días con 13 tonos y 20 sellos, que se reencuentran cada 260 días. Hoy tiene su propio kin: abre Hunab para leerlo.',
    action: 'Leer el kin de hoy',
    expiry: '',
    ignore: 'Recibes esto porque te suscribiste a los 13 secretos. Un clic en el enlace de baja te quita de la lista.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
};
