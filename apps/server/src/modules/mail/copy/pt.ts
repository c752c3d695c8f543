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
  teamInvite: {
    subject: 'Convite para a equipa «{{team}}» no Hunab',
    greeting: 'Olá!',
    body: '{{name}} convida-o para a equipa «{{team}}» no Hunab: o mapa da equipa mostra o kin de cada membro e as relações entre vocês. Para entrar, inicie sessão e indique a sua data de nascimento.',
    action: 'Entrar na equipa',
    expiry: 'O link funciona durante {{hours}} horas.',
    ignore: 'Se não esperava este e-mail, basta ignorá-lo.',
    signature: 'In lak’ech, a equipa Hunab',
  },
};
