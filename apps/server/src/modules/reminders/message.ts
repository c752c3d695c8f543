import { calendarDay, calendarNames, type Language, nextDateOfKin, parseDate } from '@hunab/calendar';

interface Words {
  subject: (kin: number, name: string) => string;
  today: (kin: number, name: string) => string;
  tone: string;
  seal: string;
  moon: (moon: string, day: number) => string;
  outOfMoons: string;
  reading: (tonePower: string, toneAction: string, sealPower: string, sealEssence: string) => string;
  ownReturn: string;
  cardReturn: (name: string) => string;
  nextReturn: (date: string, days: number) => string;
  open: string;
  why: string;
  unsubscribe: string;
}

/** The reminder's words in the eight languages; the calendar's names come from the engine. */
export const WORDS: Record<Language, Words> = {
  ru: {
    subject: (kin, name) => `Кин ${kin} · ${name}`,
    today: (kin, name) => `Сегодня кин ${kin}: ${name}.`,
    tone: 'Тон',
    seal: 'Печать',
    moon: (moon, day) => `${moon}, день ${day}`,
    outOfMoons: 'День вне лун',
    reading: (tp, ta, sp, se) =>
      `Тон дня даёт силу «${tp.toLowerCase()}» и зовёт ${ta.toLowerCase()}; печать несёт «${sp.toLowerCase()}» и ${se.toLowerCase()}. Заметьте, где это проявится в вашем дне.`,
    ownReturn: 'Сегодня ваше галактическое возвращение: день вашего кина рождения.',
    cardReturn: (name) => `Сегодня галактическое возвращение карты «${name}».`,
    nextReturn: (date, days) => `Ваше следующее галактическое возвращение: ${date} (через ${days} дн.).`,
    open: 'Открыть день',
    why: 'Вы получили это письмо, потому что включили ежедневные напоминания Hunab.',
    unsubscribe: 'Отписаться в один клик',
  },
  en: {
    subject: (kin, name) => `Kin ${kin} · ${name}`,
    today: (kin, name) => `Today is Kin ${kin}: ${name}.`,
    tone: 'Tone',
    seal: 'Seal',
    moon: (moon, day) => `${moon}, day ${day}`,
    outOfMoons: 'A day out of the moons',
    reading: (tp, ta, sp, se) =>
      `The tone brings the power to ${tp.toLowerCase()} and asks you to ${ta.toLowerCase()}; the seal carries ${sp.toLowerCase()} and ${se.toLowerCase()}. Notice where they show up in your day.`,
    ownReturn: 'Today is your galactic return: the day of your birth kin.',
    cardReturn: (name) => `Today is the galactic return of “${name}”.`,
    nextReturn: (date, days) => `Your next galactic return: ${date} (in ${days} days).`,
    open: 'Open the day',
    why: 'You receive this email because you turned on Hunab’s daily reminders.',
    unsubscribe: 'Unsubscribe in one click',
  },
  es: {
    subject: (kin, name) => `Kin ${kin} · ${name}`,
    today: (kin, name) => `Hoy es el kin ${kin}: ${name}.`,
    tone: 'Tono',
    seal: 'Sello',
    moon: (moon, day) => `${moon}, día ${day}`,
    outOfMoons: 'Un día fuera de las lunas',
    reading: (tp, ta, sp, se) =>
      `El tono trae el poder de ${tp.toLowerCase()} y te pide ${ta.toLowerCase()}; el sello lleva ${sp.toLowerCase()} y ${se.toLowerCase()}. Observa dónde aparecen en tu día.`,
    ownReturn: 'Hoy es tu retorno galáctico: el día de tu kin de nacimiento.',
    cardReturn: (name) => `Hoy es el retorno galáctico de «${name}».`,
    nextReturn: (date, days) => `Tu próximo retorno galáctico: ${date} (en ${days} días).`,
    open: 'Abrir el día',
    why: 'Recibes este correo porque activaste los recordatorios diarios de Hunab.',
    unsubscribe: 'Darse de baja con un clic',
  },
  pt: {
    subject: (kin, name) => `Kin ${kin} · ${name}`,
    today: (kin, name) => `Hoje é o kin ${kin}: ${name}.`,
    tone: 'Tom',
    seal: 'Selo',
    moon: (moon, day) => `${moon}, dia ${day}`,
    outOfMoons: 'Um dia fora das luas',
    reading: (tp, ta, sp, se) =>
      `O tom traz o poder de ${tp.toLowerCase()} e pede que você ${ta.toLowerCase()}; o selo leva ${sp.toLowerCase()} e ${se.toLowerCase()}. Repare onde aparecem no seu dia.`,
    ownReturn: 'Hoje é o seu retorno galáctico: o dia do seu kin de nascimento.',
    cardReturn: (name) => `Hoje é o retorno galáctico de “${name}”.`,
    nextReturn: (date, days) => `Seu próximo retorno galáctico: ${date} (em ${days} dias).`,
    open: 'Abrir o dia',
    why: 'Você recebe este e-mail porque ativou os lembretes diários do Hunab.',
    unsubscribe: 'Cancelar com um clique',
  },
  de: {
    subject: (kin, name) => `Kin ${kin} · ${name}`,
    today: (kin, name) => `Heute ist Kin ${kin}: ${name}.`,
    tone: 'Ton',
    seal: 'Siegel',
    moon: (moon, day) => `${moon}, Tag ${day}`,
    outOfMoons: 'Ein Tag außerhalb der Monde',
    reading: (tp, ta, sp, se) =>
      `Der Ton bringt die Kraft: ${tp}, und lädt ein: ${ta}; das Siegel trägt ${sp} und ${se}. Achte darauf, wo sie sich in deinem Tag zeigen.`,
    ownReturn: 'Heute ist deine galaktische Wiederkehr: der Tag deines Geburts-Kin.',
    cardReturn: (name) => `Heute ist die galaktische Wiederkehr von „${name}“.`,
    nextReturn: (date, days) => `Deine nächste galaktische Wiederkehr: ${date} (in ${days} Tagen).`,
    open: 'Den Tag öffnen',
    why: 'Du erhältst diese E-Mail, weil du die täglichen Erinnerungen von Hunab eingeschaltet hast.',
    unsubscribe: 'Mit einem Klick abbestellen',
  },
  ja: {
    subject: (kin, name) => `キン${kin}・${name}`,
    today: (kin, name) => `今日はキン${kin}：${name}です。`,
    tone: '音',
    seal: '紋章',
    moon: (moon, day) => `${moon} ${day}日目`,
    outOfMoons: '月の外の日',
    reading: (tp, ta, sp, se) =>
      `今日の音は「${tp}」の力をもたらし、「${ta}」を促します。紋章は「${sp}」と「${se}」を運びます。一日のどこに現れるか見てみましょう。`,
    ownReturn: '今日はあなたの銀河の誕生日（生まれたキンの日）です。',
    cardReturn: (name) => `今日は「${name}」の銀河の誕生日です。`,
    nextReturn: (date, days) => `次の銀河の誕生日：${date}（あと${days}日）`,
    open: 'この日を開く',
    why: 'Hunabの毎日のお知らせをオンにしたため、このメールが届いています。',
    unsubscribe: 'ワンクリックで配信停止',
  },
  zh: {
    subject: (kin, name) => `Kin ${kin} · ${name}`,
    today: (kin, name) => `今天是Kin ${kin}：${name}。`,
    tone: '调性',
    seal: '图腾',
    moon: (moon, day) => `${moon} 第 ${day} 天`,
    outOfMoons: '月外之日',
    reading: (tp, ta, sp, se) =>
      `今天的调性带来“${tp}”的力量，邀请你“${ta}”；图腾承载“${sp}”与“${se}”。留意它们在你一天中的显现。`,
    ownReturn: '今天是你的银河回归日：你出生 Kin的那一天。',
    cardReturn: (name) => `今天是“${name}”的银河回归日。`,
    nextReturn: (date, days) => `你的下一个银河回归日：${date}（还有 ${days} 天）。`,
    open: '打开这一天',
    why: '你收到这封邮件，是因为你开启了 Hunab 的每日提醒。',
    unsubscribe: '一键退订',
  },
  ar: {
    subject: (kin, name) => `الكين ${kin} · ${name}`,
    today: (kin, name) => `اليوم هو الكين ${kin}: ${name}.`,
    tone: 'النغمة',
    seal: 'الختم',
    moon: (moon, day) => `${moon}، اليوم ${day}`,
    outOfMoons: 'يوم خارج الأقمار',
    reading: (tp, ta, sp, se) =>
      `تمنح نغمة اليوم قوة «${tp}» وتدعوك إلى «${ta}»؛ ويحمل الختم «${sp}» و«${se}». لاحظ أين يظهران في يومك.`,
    ownReturn: 'اليوم عودتك المجرّية: يوم كين ميلادك.',
    cardReturn: (name) => `اليوم العودة المجرّية لـ«${name}».`,
    nextReturn: (date, days) => `عودتك المجرّية التالية: ${date} (بعد ${days} يومًا).`,
    open: 'افتح اليوم',
    why: 'وصلتك هذه الرسالة لأنك فعّلت تذكيرات Hunab اليومية.',
    unsubscribe: 'إلغاء الاشتراك بنقرة واحدة',
  },
};

export interface ReminderContent {
  kin: number;
  /** The language it is written in. */
  lang: Language;
  title: string;
  /** The lines of the message, the day first, then the returns. */
  lines: string[];
  /** Whether a galactic return falls today (the user's or a card's). */
  hasReturn: boolean;
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The reminder of one local day: the kin with a short reading made of its tone's and seal's keywords, the galactic
 * returns that fall on it (the user's own birth date and their cards'), and the date of the user's next return.
 */
export function reminderContent(
  localDay: string,
  lang: Language,
  birthDate: string | null,
  cards: { name: string; birthDate: string }[],
  include: { daily: boolean; returns: boolean },
): ReminderContent {
  const words = WORDS[lang];
  const names = calendarNames(lang);
  const day = calendarDay(parseDate(localDay), lang);
  const kin = day.kin;
  const kinOf = (date: string) => calendarDay(parseDate(date)).kin.number;
  const lines: string[] = [];
  if (include.daily) {
    const tk = names.toneKeywords[kin.tone.number - 1];
    const sk = names.sealKeywords[kin.sign.number - 1];
    lines.push(
      words.today(kin.number, kin.name),
      `${words.tone}: ${kin.tone.name} · ${words.seal}: ${kin.sign.name} · ${
        day.moonName && day.day ? words.moon(day.moonName, day.day) : words.outOfMoons
      }`,
    );
    if (tk && sk) lines.push(words.reading(tk.power, tk.action, sk.power, sk.essence));
  }
  let hasReturn = false;
  if (include.returns) {
    if (birthDate && kinOf(birthDate) === kin.number) {
      lines.push(words.ownReturn);
      hasReturn = true;
    }
    for (const card of cards) {
      if (kinOf(card.birthDate) === kin.number) {
        lines.push(words.cardReturn(card.name));
        hasReturn = true;
      }
    }
    if (birthDate && include.daily && !hasReturn) {
      const next = nextDateOfKin(parseDate(localDay), kinOf(birthDate));
      const text = `${next.year}-${String(next.month).padStart(2, '0')}-${String(next.day).padStart(2, '0')}`;
      lines.push(words.nextReturn(text, dayCount(localDay, text)));
    }
  }
  return { kin: kin.number, lang, title: words.subject(kin.number, kin.name), lines, hasReturn };
}

export const reminderWords = (lang: Language) => WORDS[lang];
