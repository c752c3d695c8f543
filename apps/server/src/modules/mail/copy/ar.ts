import type { EmailCopyBook } from './types.ts';

export const ar: EmailCopyBook = {
  verifyEmail: {
    subject: 'تأكيد بريدك الإلكتروني في Hunab',
    greeting: 'مرحبًا {{name}}!',
    body: 'يُرجى تأكيد أن هذا هو عنوان بريدك الإلكتروني، لتتمكّن دائمًا من العودة إلى حسابك في Hunab.',
    action: 'تأكيد البريد الإلكتروني',
    expiry: 'الرابط صالح لمدة {{hours}} ساعة.',
    ignore: 'إن لم تكن قد سجّلت في Hunab، فتجاهل هذه الرسالة ببساطة.',
    signature: 'In lak’ech، فريق Hunab',
  },
  resetPassword: {
    subject: 'إعادة تعيين كلمة مرور Hunab',
    greeting: 'مرحبًا {{name}}!',
    body: 'طلب أحدهم (ونأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في Hunab. اختر كلمة مرور جديدة من خلال الزر أدناه.',
    action: 'اختيار كلمة مرور جديدة',
    expiry: 'الرابط صالح لمدة {{hours}} ساعة ولمرة واحدة فقط.',
    ignore: 'إن لم تطلب ذلك، فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
    signature: 'In lak’ech، فريق Hunab',
  },
  emailChanged: {
    subject: 'تم تغيير البريد الإلكتروني لحسابك في Hunab',
    greeting: 'مرحبًا {{name}}!',
    body: 'تم للتوّ تغيير عنوان البريد الإلكتروني لحسابك في Hunab إلى {{email}}. من الآن فصاعدًا سنراسلك على هذا العنوان.',
    action: '',
    expiry: '',
    ignore: 'إن لم تُجرِ هذا التغيير بنفسك، فأعد تعيين كلمة مرورك فورًا وتواصل معنا.',
    signature: 'In lak’ech، فريق Hunab',
  },
  teamInvite: {
    subject: 'دعوة إلى الفريق «{{team}}» في Hunab',
    greeting: 'مرحبًا!',
    body: 'يدعوك {{name}} إلى الفريق «{{team}}» في Hunab: تعرض خريطة الفريق كين كل عضو والعلاقات بينكم. للانضمام، سجّل الدخول وأدخل تاريخ ميلادك.',
    action: 'الانضمام إلى الفريق',
    expiry: 'يعمل الرابط لمدة {{hours}} ساعة.',
    ignore: 'إذا لم تكن تتوقع هذه الرسالة، فتجاهلها ببساطة.',
    signature: 'In lak’ech، فريق Hunab',
  },
};
