import type { EmailCopyBook } from './types.ts';

export const ru: EmailCopyBook = {
  verifyEmail: {
    subject: 'Подтвердите email для Hunab',
    greeting: 'Здравствуйте, {{name}}!',
    body: 'Подтвердите, пожалуйста, что это ваш адрес, чтобы вы всегда могли вернуться в свой аккаунт Hunab.',
    action: 'Подтвердить email',
    expiry: 'Ссылка действует {{hours}} часов.',
    ignore: 'Если вы не регистрировались в Hunab, просто не обращайте внимания на это письмо.',
    signature: 'In lak’ech, команда Hunab',
  },
  resetPassword: {
    subject: 'Сброс пароля Hunab',
    greeting: 'Здравствуйте, {{name}}!',
    body: 'Кто-то (надеемся, что вы) попросил сбросить пароль вашего аккаунта Hunab. Задайте новый пароль по кнопке ниже.',
    action: 'Задать новый пароль',
    expiry: 'Ссылка действует {{hours}} час и только один раз.',
    ignore: 'Если вы не просили сброс, не обращайте внимания на письмо: пароль останется прежним.',
    signature: 'In lak’ech, команда Hunab',
  },
  emailChanged: {
    subject: 'Email вашего аккаунта Hunab изменён',
    greeting: 'Здравствуйте, {{name}}!',
    body: 'Адрес электронной почты вашего аккаунта Hunab только что изменён на {{email}}. Теперь мы будем писать туда.',
    action: '',
    expiry: '',
    ignore: 'Если это сделали не вы, сразу сбросьте пароль и напишите нам.',
    signature: 'In lak’ech, команда Hunab',
  },
};
