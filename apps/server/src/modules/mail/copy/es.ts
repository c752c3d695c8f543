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
  paymentReceipt: {
    subject: 'Tu recibo de Hunab: {{product}}',
    greeting: '¡Hola, {{name}}!',
    body: 'Gracias: tu pago de {{amount}} por {{product}} se completó el {{date}}. Lo que compraste ya está abierto en tu cuenta.',
    action: 'Ver mis pagos',
    expiry: '',
    ignore: 'Guarda este correo como recibo. Si no hiciste este pago, escríbenos de inmediato.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
  paymentFailed: {
    subject: 'Tu pago de Hunab no se completó',
    greeting: '¡Hola, {{name}}!',
    body: 'No pudimos cobrar {{amount}} por {{product}}. Lo intentaremos de nuevo en los próximos días; también puedes revisar tu tarjeta o elegir otra forma de pago.',
    action: 'Gestionar mi suscripción',
    expiry: '',
    ignore: 'Si querías detenerla, puedes cancelar la renovación en la misma página.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
  renewalReminder: {
    subject: 'Tu suscripción a Hunab se renueva el {{date}}',
    greeting: '¡Hola, {{name}}!',
    body: 'Tu {{product}} se renueva el {{date}} por {{amount}}, con el método de pago que guardaste. No tienes que hacer nada para continuar.',
    action: 'Gestionar mi suscripción',
    expiry: '',
    ignore:
      'Para detener la renovación, cancélala antes de ese día: mantienes el acceso hasta el final del periodo pagado.',
    signature: 'In lak’ech, el equipo de Hunab',
  },
};
