import type { Language } from '@hunab/calendar';

/** The foot of a letter sent to a list: why it came, and the one-click way out (RFC 8058), in the letter's language. */
export interface ListFooter {
  why: string;
  unsubscribe: string;
}

export const LIST_FOOTER: Readonly<Record<Language, ListFooter>> = {
  ru: {
    why: 'Вы получили это письмо, потому что подписались на рассылку Hunab.',
    unsubscribe: 'Отписаться',
  },
  en: {
    why: 'You receive this email because you subscribed to a Hunab mailing list.',
    unsubscribe: 'Unsubscribe',
  },
  es: {
    why: 'Recibes este correo porque te suscribiste a una lista de correo de Hunab.',
    unsubscribe: 'Darse de baja',
  },
  pt: {
    why: 'Você recebe este e-mail porque se inscreveu em uma lista de e-mails do Hunab.',
    unsubscribe: 'Cancelar inscrição',
  },
  de: {
    why: 'Du erhältst diesen Brief, weil du einen Hunab-Newsletter abonniert hast.',
    unsubscribe: 'Abbestellen',
  },
  ja: {
    why: 'Hunabのメールマガジンに登録されたため、このメールをお送りしています。',
    unsubscribe: '配信停止',
  },
  zh: {
    why: '你收到这封邮件，是因为你订阅了 Hunab 的邮件列表。',
    unsubscribe: '退订',
  },
  ar: {
    why: 'تصلك هذه الرسالة لأنك اشتركت في إحدى قوائم Hunab البريدية.',
    unsubscribe: 'إلغاء الاشتراك',
  },
};
