import type { EmailCopyBook } from './types.ts';

export const ja: EmailCopyBook = {
  verifyEmail: {
    subject: '【Hunab】メールアドレスのご確認',
    greeting: '{{name}} さん、こんにちは。',
    body: 'いつでも Hunab のアカウントにログインできるよう、こちらがあなたのメールアドレスであることをご確認ください。',
    action: 'メールアドレスを確認する',
    expiry: 'このリンクの有効期限は {{hours}} 時間です。',
    ignore: 'Hunab に登録した覚えがない場合は、このメールは無視してください。',
    signature: 'In lak’ech、Hunab チームより',
  },
  resetPassword: {
    subject: '【Hunab】パスワードの再設定',
    greeting: '{{name}} さん、こんにちは。',
    body: 'Hunab アカウントのパスワード再設定のリクエストがありました（あなたご自身からであれば幸いです）。下のボタンから新しいパスワードを設定してください。',
    action: '新しいパスワードを設定する',
    expiry: 'このリンクの有効期限は {{hours}} 時間で、使えるのは一度だけです。',
    ignore: 'お心当たりがない場合は、このメールは無視してください。パスワードは変更されません。',
    signature: 'In lak’ech、Hunab チームより',
  },
  emailChanged: {
    subject: '【Hunab】メールアドレスが変更されました',
    greeting: '{{name}} さん、こんにちは。',
    body: 'Hunab アカウントのメールアドレスが {{email}} に変更されました。今後のお知らせはこちらのアドレスにお送りします。',
    action: '',
    expiry: '',
    ignore: 'この変更にお心当たりがない場合は、すぐにパスワードを再設定し、私たちまでご連絡ください。',
    signature: 'In lak’ech、Hunab チームより',
  },
  teamInvite: {
    subject: 'Hunab のチーム「{{team}}」への招待',
    greeting: 'こんにちは。',
    body: '{{name}} さんが Hunab のチーム「{{team}}」にあなたを招待しています。チームマップでは各メンバーのキンと互いの関係が見られます。参加するにはサインインして生年月日を入力してください。',
    action: 'チームに参加する',
    expiry: 'このリンクは {{hours}} 時間有効です。',
    ignore: '心当たりがない場合は、このメールを無視してください。',
    signature: 'In lak’ech、Hunab チーム',
  },
};
