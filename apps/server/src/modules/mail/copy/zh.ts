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
  confirmSubscription: {
    subject: '请确认订阅“13 个秘密”',
    greeting: '你好！',
    body: '你申请了 13 月亮历的“13 个秘密”。确认这个地址后，第一封信会立即送达；未确认前我们不会再发送任何内容。',
    action: '确认订阅',
    expiry: '链接在 {{hours}} 小时内有效。',
    ignore: '如果不是你申请的，请忽略此邮件：该地址不会加入列表。',
    signature: 'In lak’ech，Hunab 团队',
  },
  secretsWelcome: {
    subject: '第一个秘密：为什么是 13 和 20',
    greeting: '你好！',
    body: '感谢确认。第一个秘密：日历用 13 个调性和 20 个图腾计日，它们每 260 天再次相遇。今天有属于它的 Kin：打开 Hunab 读一读。',
    action: '阅读今天的 Kin',
    expiry: '',
    ignore: '你收到这封信，是因为你订阅了“13 个秘密”。点击退订链接即可一键退出列表。',
    signature: 'In lak’ech，Hunab 团队',
  },
};
