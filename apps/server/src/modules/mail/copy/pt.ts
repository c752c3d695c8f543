import type { EmailCopyBook } from './types.ts';

export const pt: EmailCopyBook = {
  verifyEmail: {
    subject: 'Confirme seu e-mail no Hunab',
    greeting: 'Olá, {{name}}!',
    body: 'Confirme que este endereço de e-mail é seu. Assim, você sempre vai conseguir voltar a acessar sua conta do Hunab.',
    action: 'Confirmar e-mail',
    expiry: 'O link é válido por {{hours}} horas.',
    ignore: 'Se você não se cadastrou no Hunab, é só ignorar este e-mail.',
    signature: 'In lak’ech, equipe Hunab',
  },
  resetPassword: {
    subject: 'Redefina sua senha do Hunab',
    greeting: 'Olá, {{name}}!',
    body: 'Alguém (esperamos que tenha sido você) pediu para redefinir a senha da sua conta do Hunab. Escolha uma nova senha pelo botão abaixo.',
    action: 'Escolher nova senha',
    expiry: 'O link é válido por {{hours}} hora e só pode ser usado uma vez.',
    ignore: 'Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.',
    signature: 'In lak’ech, equipe Hunab',
  },
  emailChanged: {
    subject: 'O e-mail da sua conta do Hunab foi alterado',
    greeting: 'Olá, {{name}}!',
    body: 'O endereço de e-mail da sua conta do Hunab acabou de ser alterado para {{email}}. A partir de agora, nossas mensagens vão para lá.',
    action: '',
    expiry: '',
    ignore: 'Se não foi você quem fez essa alteração, redefina sua senha imediatamente e fale com a gente.',
    signature: 'In lak’ech, equipe Hunab',
  },
  confirmSubscription: {
    subject: 'Confirme sua inscrição nos 13 segredos',
    greeting: 'Olá!',
    body: 'Você pediu os 13 segredos do calendário das 13 luas. Confirme este endereço e a primeira carta chega na hora; sem confirmação não enviamos mais nada.',
    action: 'Confirmar inscrição',
    expiry: 'O link funciona por {{hours}} horas.',
    ignore: 'Se você não pediu isso, ignore este e-mail: o endereço fica fora da lista.',
    signature: 'In lak’ech, equipe Hunab',
  },
  secretsWelcome: {
    subject: 'O primeiro segredo: por que 13 e 20',
    greeting: 'Olá!',
    body: 'Obrigado por confirmar. O primeiro segredo: o calendário conta os dias com 13 tons e 20 selos, que se reencontram a cada 260 dias. Hoje tem seu próprio kin: abra o Hunab para lê-lo.',
    action: 'Ler o kin de hoje',
    expiry: '',
    ignore:
      'Você recebe isto porque se inscreveu nos 13 segredos. Um clique no link de descadastro tira você da lista.',
    signature: 'In lak’ech, equipe Hunab',
  },
};
