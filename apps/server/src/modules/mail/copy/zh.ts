import type { EmailCopyBook } from './types.ts';

export const zh: EmailCopyBook = {
  verifyEmail: {
    subject: '请确认你的 Hunab 邮箱',
    greeting: '{{name}}，你好！',
    body: '请确认这是你的邮箱地址，这样你随时都能重新登录自己的 Hunab 账户。',
    action: '确认邮箱',
    expiry: '链接在 {{hours}} 小时内有效。',
    ignore: '如果你没有注册过 Hunab，忽略这封邮件即可。',
    signature: 'In lak’ech，Hunab 团队',
  },
  resetPassword: {
    subject: '重置你的 Hunab 密码',
    greeting: '{{name}}，你好！',
    body: '有人（希望是你本人）申请重置你的 Hunab 账户密码。请点击下方按钮设置新密码。',
    action: '设置新密码',
    expiry: '链接在 {{hours}} 小时内有效，且只能使用一次。',
    ignore: '如果这不是你本人的操作，请忽略这封邮件，你的密码不会改变。',
    signature: 'In lak’ech，Hunab 团队',
  },
  emailChanged: {
    subject: '你的 Hunab 账户邮箱已更改',
    greeting: '{{name}}，你好！',
    body: '你的 Hunab 账户邮箱刚刚更改为 {{email}}。今后我们会把邮件发到这个地址。',
    action: '',
    expiry: '',
    ignore: '如果这不是你本人的操作，请立即重置密码并联系我们。',
    signature: 'In lak’ech，Hunab 团队',
  },
  teamInvite: {
    subject: 'Hunab 团队“{{team}}”的邀请',
    greeting: '您好！',
    body: '{{name}} 邀请您加入 Hunab 上的团队“{{team}}”：团队图会显示每位成员的 kin 以及你们之间的关系。登录并填写出生日期即可加入。',
    action: '加入团队',
    expiry: '链接在 {{hours}} 小时内有效。',
    ignore: '如果您没有预料到这封邮件，请直接忽略。',
    signature: 'In lak’ech，Hunab 团队',
  },
};
