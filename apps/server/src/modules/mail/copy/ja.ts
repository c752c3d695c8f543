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
  confirmSubscription: {
    subject: '「13の秘密」の購読を確認してください',
    greeting: 'こんにちは！',
    body: '13の月のカレンダー「13の秘密」をお申し込みいただきました。このアドレスを確認すると最初の手紙がすぐに届きます。確認がない限り、これ以上何もお送りしません。',
    action: '購読を確認する',
    expiry: 'リンクの有効期限は{{hours}}時間です。',
    ignore: 'お申し込みでない場合は、このメールを無視してください。アドレスはリストに載りません。',
    signature: 'In lak’ech、Hunab チームより',
  },
  secretsWelcome: {
    subject: '最初の秘密：なぜ13と20なのか',
    greeting: 'こんにちは！',
    body: 'ご確認ありがとうございます。最初の秘密：カレンダーは13の音と20の紋章で日を数え、それらは260日ごとに再び出会います。今日には今日のキンがあります。Hunab を開いて読んでみましょう。',
    action: '今日のキンを読む',
    expiry: '',
    ignore: '「13の秘密」を購読されたためお送りしています。配信停止リンクをワンクリックでリストから外れます。',
    signature: 'In lak’ech、Hunab チームより',
  },
};
