import { isLanguage, type Language } from '@hunab/calendar';

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

/** The page an unsubscribe link opens: its question and button, in the language of the reader it was sent to. */
export interface UnsubscribePage {
  list: string;
  reminders: string;
  button: string;
  /** What the page says once the button has been pressed. */
  done: string;
}

export const UNSUBSCRIBE_PAGE: Readonly<Record<Language, UnsubscribePage>> = {
  ru: {
    list: 'Отписаться от этой рассылки Hunab?',
    reminders: 'Больше не присылать ежедневные письма?',
    button: 'Отписаться',
    done: 'Вы отписаны: письма больше не придут.',
  },
  en: {
    list: 'Unsubscribe from this Hunab mailing list?',
    reminders: 'Stop the daily reminder emails?',
    button: 'Unsubscribe',
    done: 'You are unsubscribed: no more of these emails will come.',
  },
  es: {
    list: '¿Darte de baja de esta lista de Hunab?',
    reminders: '¿Dejar de recibir los correos diarios?',
    button: 'Darse de baja',
    done: 'Te diste de baja: no llegarán más correos de este tipo.',
  },
  pt: {
    list: 'Cancelar a inscrição nesta lista do Hunab?',
    reminders: 'Parar os e-mails diários?',
    button: 'Cancelar inscrição',
    done: 'Inscrição cancelada: esses e-mails não chegarão mais.',
  },
  de: {
    list: 'Diesen Hunab-Newsletter abbestellen?',
    reminders: 'Die täglichen E-Mails nicht mehr erhalten?',
    button: 'Abbestellen',
    done: 'Abbestellt: Diese E-Mails kommen nicht mehr.',
  },
  ja: {
    list: 'この Hunab のメール配信を停止しますか？',
    reminders: '毎日のメールを停止しますか？',
    button: '配信停止',
    done: '配信を停止しました。今後このメールは届きません。',
  },
  zh: {
    list: '要退订这个 Hunab 邮件列表吗？',
    reminders: '不再接收每日邮件吗？',
    button: '退订',
    done: '已退订：你不会再收到这类邮件。',
  },
  ar: {
    list: 'هل تريد إلغاء الاشتراك في قائمة Hunab هذه؟',
    reminders: 'هل تريد إيقاف الرسائل اليومية؟',
    button: 'إلغاء الاشتراك',
    done: 'تم إلغاء الاشتراك: لن تصلك هذه الرسائل بعد الآن.',
  },
};

/** The whole unsubscribe page, in one language and its direction; `done` once the button has been pressed. */
export function unsubscribePage(lang: string, kind: 'list' | 'reminders' | 'done'): string {
  const language: Language = isLanguage(lang) ? lang : 'en';
  const words = UNSUBSCRIBE_PAGE[language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const body =
    kind === 'done'
      ? `<p>${words.done}</p>`
      : `<p>${words[kind]}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:.6rem 1.2rem;font-size:1rem">${words.button}</button></form>`;
  return `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Hunab · ${words.button}</title><meta name="robots" content="noindex"></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><p>Hunab</p>${body}</body></html>`;
}
