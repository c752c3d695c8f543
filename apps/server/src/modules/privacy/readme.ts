import { isLanguage, type Language } from '@hunab/calendar';
import { EXPORT_DOMAINS, type ExportDomain } from '@hunab/contracts';

interface ReadmeWords {
  title: string;
  intro: string;
  files: Record<ExportDomain, string>;
  left: string;
}

/** The README of an export, in the reader's language: what each file holds and what is left out on purpose. */
export const README: Record<Language, ReadmeWords> = {
  ru: {
    title: 'Ваши данные в Hunab',
    intro:
      'Это копия всего, что Hunab хранит о вашем аккаунте. Каждый файл — JSON (текст, который открывается любым редактором). Суммы указаны в минимальных единицах валюты (копейках, центах), время — в UTC.',
    files: {
      profile: 'аккаунт: адрес, имя, язык, дата рождения, когда создан',
      cards: 'сохранённые карты с датами рождения',
      comments: 'ваши комментарии, ваши голоса и жалобы',
      journal: 'записи дневника кинов',
      game: 'игра: профиль, цели, практики',
      teams: 'ваши команды и участники, которых вы добавили; команды, в которых вы состоите',
      referrals: 'ваши приглашения: ссылки, переходы, регистрации, бонусные дни',
      subscriptions: 'подписки и история их изменений',
      orders: 'заказы, платежи и покупки',
      email_preferences: 'темы писем, которые вы выбрали',
      consents:
        'согласие с условиями и политикой конфиденциальности (когда и с какими их версиями) и согласия на рассылки: когда даны и отозваны, версия текста',
      reminders: 'настройки напоминаний и отправленные напоминания',
      telegram_chats: 'чаты Telegram, подключённые к аккаунту',
      push_subscriptions: 'устройства с push-уведомлениями (только служба, без секретного адреса)',
      feed: 'настройки личного календаря (сам адрес не хранится)',
      process_answers: 'ответы на вопросы 13-дневного процесса',
      education: 'курсы и прогресс уроков',
      testimonials: 'ваши отзывы, их состояние и переводы (скриншоты — в виде отметки, что он приложен)',
    },
    left: 'Не включено намеренно: пароль и секретные ключи (их мы храним только в виде хэшей), сохранённые способы оплаты, а также данные других людей (участники команд со своими аккаунтами, приглашённые вами читатели).',
  },
  en: {
    title: 'Your data at Hunab',
    intro:
      'This is a copy of everything Hunab keeps about your account. Each file is JSON (plain text any editor opens). Amounts are in the smallest unit of their currency (kopecks, cents); times are in UTC.',
    files: {
      profile: 'your account: address, name, language, birth date, when it was opened',
      cards: 'your saved cards with their birth dates',
      comments: 'your comments, your votes and your reports',
      journal: 'your kin journal',
      game: 'the game: your player profile, goals and practices',
      teams: 'your teams and the people you added; the teams you joined',
      referrals: 'your invitations: links, clicks, sign-ups, reward days',
      subscriptions: 'your subscriptions and their history',
      orders: 'your orders, payments and purchases',
      email_preferences: 'the email topics you chose',
      consents:
        'your consent to the terms and the privacy policy (when, and to which versions) and your mailing consents: when given and withdrawn, and which text you accepted',
      reminders: 'your reminder settings and the reminders sent',
      telegram_chats: 'the Telegram chats linked to your account',
      push_subscriptions: 'devices with push notifications (the service only, not the secret address)',
      feed: 'your personal calendar feed settings (the address itself is not kept)',
      process_answers: 'your answers in the 13-day process',
      education: 'your courses and lesson progress',
      testimonials: 'your testimonials, their state and translations (a screenshot as a note that one is attached)',
    },
    left: 'Left out on purpose: your password and secret keys (we keep only their hashes), saved payment methods, and other people’s data (team members with their own accounts, readers you invited).',
  },
  es: {
    title: 'Tus datos en Hunab',
    intro:
      'Esta es una copia de todo lo que Hunab guarda sobre tu cuenta. Cada archivo es JSON (texto que abre cualquier editor). Los importes van en la unidad mínima de su moneda (céntimos); las horas, en UTC.',
    files: {
      profile: 'tu cuenta: correo, nombre, idioma, fecha de nacimiento, fecha de alta',
      cards: 'tus tarjetas guardadas con sus fechas de nacimiento',
      comments: 'tus comentarios, tus votos y tus denuncias',
      journal: 'tu diario de kin',
      game: 'el juego: tu perfil, metas y prácticas',
      teams: 'tus equipos y las personas que añadiste; los equipos a los que te uniste',
      referrals: 'tus invitaciones: enlaces, clics, registros, días de recompensa',
      subscriptions: 'tus suscripciones y su historial',
      orders: 'tus pedidos, pagos y compras',
      email_preferences: 'los temas de correo que elegiste',
      consents:
        'tu aceptación de las condiciones y de la política de privacidad (cuándo y qué versiones) y tus consentimientos de correo: cuándo se dieron y retiraron, y qué texto aceptaste',
      reminders: 'tus recordatorios y los que se enviaron',
      telegram_chats: 'los chats de Telegram conectados a tu cuenta',
      push_subscriptions: 'dispositivos con notificaciones push (solo el servicio, no la dirección secreta)',
      feed: 'los ajustes de tu calendario personal (la dirección no se guarda)',
      process_answers: 'tus respuestas del proceso de 13 días',
      education: 'tus cursos y el avance de las lecciones',
      testimonials: 'tus testimonios, su estado y traducciones (la captura, como indicación de que se adjuntó)',
    },
    left: 'Se deja fuera a propósito: tu contraseña y las claves secretas (solo guardamos sus hashes), los métodos de pago guardados y los datos de otras personas (miembros de equipo con cuenta propia, lectores que invitaste).',
  },
  pt: {
    title: 'Os seus dados no Hunab',
    intro:
      'Esta é uma cópia de tudo o que o Hunab guarda sobre a sua conta. Cada arquivo é JSON (texto que qualquer editor abre). Os valores estão na menor unidade da moeda (centavos); os horários, em UTC.',
    files: {
      profile: 'a sua conta: e-mail, nome, idioma, data de nascimento, data de criação',
      cards: 'os seus cartões salvos com as datas de nascimento',
      comments: 'os seus comentários, votos e denúncias',
      journal: 'o seu diário de kin',
      game: 'o jogo: o seu perfil, metas e práticas',
      teams: 'as suas equipes e as pessoas que adicionou; as equipes de que participa',
      referrals: 'os seus convites: links, cliques, cadastros, dias de recompensa',
      subscriptions: 'as suas assinaturas e o histórico delas',
      orders: 'os seus pedidos, pagamentos e compras',
      email_preferences: 'os temas de e-mail que escolheu',
      consents:
        'a sua aceitação dos termos e da política de privacidade (quando e quais versões) e os seus consentimentos de e-mail: quando dados e retirados, e qual texto aceitou',
      reminders: 'os seus lembretes e os que foram enviados',
      telegram_chats: 'os chats do Telegram conectados à sua conta',
      push_subscriptions: 'dispositivos com notificações push (só o serviço, não o endereço secreto)',
      feed: 'as configurações do seu calendário pessoal (o endereço não é guardado)',
      process_answers: 'as suas respostas no processo de 13 dias',
      education: 'os seus cursos e o progresso nas lições',
      testimonials: 'os seus depoimentos, o estado e as traduções (a captura, como indicação de que foi anexada)',
    },
    left: 'Ficam de fora de propósito: a sua senha e as chaves secretas (guardamos só os hashes), os métodos de pagamento salvos e os dados de outras pessoas (membros de equipe com conta própria, leitores que convidou).',
  },
  de: {
    title: 'Deine Daten bei Hunab',
    intro:
      'Dies ist eine Kopie von allem, was Hunab über dein Konto speichert. Jede Datei ist JSON (Text, den jeder Editor öffnet). Beträge stehen in der kleinsten Einheit ihrer Währung (Cent), Zeiten in UTC.',
    files: {
      profile: 'dein Konto: Adresse, Name, Sprache, Geburtsdatum, Eröffnung',
      cards: 'deine gespeicherten Karten mit ihren Geburtsdaten',
      comments: 'deine Kommentare, Stimmen und Meldungen',
      journal: 'dein Kin-Tagebuch',
      game: 'das Spiel: dein Profil, Ziele und Übungen',
      teams: 'deine Teams und die Menschen, die du hinzugefügt hast; Teams, denen du beigetreten bist',
      referrals: 'deine Einladungen: Links, Klicks, Anmeldungen, Bonustage',
      subscriptions: 'deine Abos und ihr Verlauf',
      orders: 'deine Bestellungen, Zahlungen und Käufe',
      email_preferences: 'die E-Mail-Themen, die du gewählt hast',
      consents:
        'deine Zustimmung zu den Nutzungsbedingungen und der Datenschutzerklärung (wann und zu welcher Fassung) und deine Einwilligungen in E-Mails: wann erteilt und widerrufen, welcher Text',
      reminders: 'deine Erinnerungen und die gesendeten',
      telegram_chats: 'die mit deinem Konto verbundenen Telegram-Chats',
      push_subscriptions: 'Geräte mit Push-Benachrichtigungen (nur der Dienst, nicht die geheime Adresse)',
      feed: 'die Einstellungen deines persönlichen Kalenders (die Adresse selbst wird nicht gespeichert)',
      process_answers: 'deine Antworten im 13-Tage-Prozess',
      education: 'deine Kurse und dein Lernfortschritt',
      testimonials:
        'deine Erfahrungsberichte, ihr Stand und ihre Übersetzungen (ein Screenshot als Hinweis, dass einer angehängt ist)',
    },
    left: 'Absichtlich nicht enthalten: dein Passwort und geheime Schlüssel (wir speichern nur ihre Hashes), gespeicherte Zahlungsmittel und Daten anderer Menschen (Teammitglieder mit eigenem Konto, von dir eingeladene Leser).',
  },
  ja: {
    title: 'Hunab にあるあなたのデータ',
    intro:
      'Hunab があなたのアカウントについて保存しているすべてのコピーです。各ファイルは JSON（どのエディタでも開けるテキスト）です。金額は通貨の最小単位、時刻は UTC です。',
    files: {
      profile: 'アカウント：メールアドレス、名前、言語、生年月日、作成日',
      cards: '保存したカードと誕生日',
      comments: 'あなたのコメント、投票、通報',
      journal: 'キン日記',
      game: 'ゲーム：プロフィール、目標、実践',
      teams: 'あなたのチームと追加したメンバー、参加したチーム',
      referrals: '招待：リンク、クリック、登録、特典日数',
      subscriptions: 'サブスクリプションとその履歴',
      orders: '注文、支払い、購入',
      email_preferences: '選んだメールのトピック',
      consents: '利用規約とプライバシーポリシーへの同意（日時と版）、メール配信への同意：同意・撤回の日時と文面の版',
      reminders: 'リマインダーの設定と送信記録',
      telegram_chats: 'アカウントに連携した Telegram のチャット',
      push_subscriptions: 'プッシュ通知の端末（サービス名のみ、秘密のアドレスは含みません）',
      feed: '個人カレンダーの設定（アドレス自体は保存していません）',
      process_answers: '13日間のプロセスでの回答',
      education: 'コースとレッスンの進み具合',
      testimonials: 'あなたの声、その状態と翻訳（スクリーンショットは添付の有無のみ）',
    },
    left: '意図的に含めていないもの：パスワードと秘密鍵（ハッシュのみ保存）、保存された支払い方法、他の人のデータ（自分のアカウントを持つチームメンバー、あなたが招待した読者）。',
  },
  zh: {
    title: '你在 Hunab 的数据',
    intro:
      '这是 Hunab 为你的账户保存的全部内容的副本。每个文件都是 JSON（任何编辑器都能打开的文本）。金额以货币的最小单位表示，时间为 UTC。',
    files: {
      profile: '账户：邮箱、姓名、语言、出生日期、注册时间',
      cards: '保存的卡片及其出生日期',
      comments: '你的评论、投票和举报',
      journal: 'Kin 日记',
      game: '游戏：你的资料、目标和练习',
      teams: '你的团队和你添加的成员；你加入的团队',
      referrals: '你的邀请：链接、点击、注册、奖励天数',
      subscriptions: '订阅及其历史',
      orders: '订单、付款和购买',
      email_preferences: '你选择的邮件主题',
      consents: '对使用条款和隐私政策的同意（时间与版本）及邮件同意记录：何时同意、何时撤回、接受的文本版本',
      reminders: '提醒设置和已发送的提醒',
      telegram_chats: '连接到你账户的 Telegram 聊天',
      push_subscriptions: '开启推送通知的设备（仅服务名，不含秘密地址）',
      feed: '个人日历订阅的设置（地址本身不保存）',
      process_answers: '13 天流程中的回答',
      education: '课程和课时进度',
      testimonials: '你的评价、状态和翻译（截图仅注明是否附有）',
    },
    left: '有意不包含：密码和密钥（我们只保存其哈希值）、保存的付款方式，以及他人的数据（拥有自己账户的团队成员、你邀请的读者）。',
  },
  ar: {
    title: 'بياناتك في Hunab',
    intro:
      'هذه نسخة من كل ما يحفظه Hunab عن حسابك. كل ملف بصيغة JSON (نص يفتحه أي محرر). المبالغ بأصغر وحدة في عملتها، والأوقات بتوقيت UTC.',
    files: {
      profile: 'حسابك: البريد والاسم واللغة وتاريخ الميلاد وتاريخ الإنشاء',
      cards: 'بطاقاتك المحفوظة وتواريخ الميلاد فيها',
      comments: 'تعليقاتك وتصويتاتك وبلاغاتك',
      journal: 'يوميات الكين',
      game: 'اللعبة: ملفك وأهدافك وممارساتك',
      teams: 'فرقك ومن أضفتهم إليها، والفرق التي انضممت إليها',
      referrals: 'دعواتك: الروابط والنقرات والتسجيلات وأيام المكافأة',
      subscriptions: 'اشتراكاتك وسجلّها',
      orders: 'طلباتك ومدفوعاتك ومشترياتك',
      email_preferences: 'مواضيع البريد التي اخترتها',
      consents:
        'موافقتك على الشروط وسياسة الخصوصية (متى وعلى أي نسخة) وموافقاتك على الرسائل: متى مُنحت ومتى سُحبت وأي نص قبلت',
      reminders: 'إعدادات التذكير والتذكيرات المرسلة',
      telegram_chats: 'محادثات Telegram المرتبطة بحسابك',
      push_subscriptions: 'الأجهزة التي تتلقى الإشعارات (الخدمة فقط، دون العنوان السري)',
      feed: 'إعدادات تقويمك الشخصي (العنوان نفسه لا يُحفظ)',
      process_answers: 'إجاباتك في مسار الأيام الثلاثة عشر',
      education: 'دوراتك وتقدمك في الدروس',
      testimonials: 'شهاداتك وحالتها وترجماتها (لقطة الشاشة كإشارة إلى إرفاقها)',
    },
    left: 'لم يُضمَّن عمدًا: كلمة المرور والمفاتيح السرية (نحفظ بصماتها فقط)، وطرق الدفع المحفوظة، وبيانات الآخرين (أعضاء الفرق الذين لديهم حسابات، والقرّاء الذين دعوتهم).',
  },
};

/** The README.txt of an export made at `at`. */
export function readmeOf(lang: string, at: Date): string {
  const words = README[isLanguage(lang) ? lang : 'en'];
  const lines = EXPORT_DOMAINS.map((domain) => `${domain}.json — ${words.files[domain]}`);
  return [words.title, at.toISOString(), '', words.intro, '', ...lines, '', words.left, ''].join('\n');
}
