import type { Language } from '@hunab/calendar';

/** Calendar words the server writes itself (feed events, share images), in the eight languages of the product. */
export interface CalendarWords {
  calendarName: string;
  personalCalendarName: string;
  description: string;
  kin: string;
  tone: string;
  seal: string;
  wavespell: string;
  moon: string;
  /** The day of the moon, `{{n}}` for its number. */
  dayOfMoon: string;
  galacticReturn: string;
  birthday: string;
  /** Before a birth date on a card's image. */
  born: string;
}

export const CALENDAR_WORDS: Readonly<Record<Language, CalendarWords>> = {
  ru: {
    calendarName: 'Hunab: кин дня',
    personalCalendarName: 'Hunab: мой календарь',
    description: 'Кин каждого дня по календарю 13 лун',
    kin: 'Кин',
    tone: 'Тон',
    seal: 'Печать',
    wavespell: 'Волна',
    moon: 'Луна',
    dayOfMoon: 'день {{n}}',
    galacticReturn: 'Галактическое возвращение',
    birthday: 'День рождения',
    born: 'Дата рождения',
  },
  en: {
    calendarName: 'Hunab: kin of the day',
    personalCalendarName: 'Hunab: my calendar',
    description: 'The kin of every day in the 13-moon calendar',
    kin: 'Kin',
    tone: 'Tone',
    seal: 'Seal',
    wavespell: 'Wavespell',
    moon: 'Moon',
    dayOfMoon: 'day {{n}}',
    galacticReturn: 'Galactic return',
    birthday: 'Birthday',
    born: 'Born',
  },
  es: {
    calendarName: 'Hunab: kin del día',
    personalCalendarName: 'Hunab: mi calendario',
    description: 'El kin de cada día en el calendario de 13 lunas',
    kin: 'Kin',
    tone: 'Tono',
    seal: 'Sello',
    wavespell: 'Onda encantada',
    moon: 'Luna',
    dayOfMoon: 'día {{n}}',
    galacticReturn: 'Retorno galáctico',
    birthday: 'Cumpleaños',
    born: 'Nacimiento',
  },
  pt: {
    calendarName: 'Hunab: kin do dia',
    personalCalendarName: 'Hunab: meu calendário',
    description: 'O kin de cada dia no calendário de 13 luas',
    kin: 'Kin',
    tone: 'Tom',
    seal: 'Selo',
    wavespell: 'Onda encantada',
    moon: 'Lua',
    dayOfMoon: 'dia {{n}}',
    galacticReturn: 'Retorno galáctico',
    birthday: 'Aniversário',
    born: 'Nascimento',
  },
  de: {
    calendarName: 'Hunab: Kin des Tages',
    personalCalendarName: 'Hunab: mein Kalender',
    description: 'Das Kin jedes Tages im 13-Monde-Kalender',
    kin: 'Kin',
    tone: 'Ton',
    seal: 'Siegel',
    wavespell: 'Welle',
    moon: 'Mond',
    dayOfMoon: 'Tag {{n}}',
    galacticReturn: 'Galaktische Rückkehr',
    birthday: 'Geburtstag',
    born: 'Geboren',
  },
  ja: {
    calendarName: 'Hunab: 今日のキン',
    personalCalendarName: 'Hunab: マイカレンダー',
    description: '13の月の暦による毎日のキン',
    kin: 'キン',
    tone: '音',
    seal: '紋章',
    wavespell: 'ウェイブスペル',
    moon: '月',
    dayOfMoon: '{{n}}日目',
    galacticReturn: '銀河の誕生日',
    birthday: '誕生日',
    born: '生年月日',
  },
  zh: {
    calendarName: 'Hunab：今日 Kin',
    personalCalendarName: 'Hunab：我的日历',
    description: '十三月亮历中每一天的 Kin',
    kin: 'Kin',
    tone: '调性',
    seal: '图腾',
    wavespell: '波符',
    moon: '月',
    dayOfMoon: '第{{n}}天',
    galacticReturn: '银河回归',
    birthday: '生日',
    born: '出生日期',
  },
  ar: {
    calendarName: 'Hunab: كين اليوم',
    personalCalendarName: 'Hunab: تقويمي',
    description: 'كين كل يوم في تقويم الأقمار الثلاثة عشر',
    kin: 'كين',
    tone: 'النغمة',
    seal: 'الختم',
    wavespell: 'الموجة',
    moon: 'القمر',
    dayOfMoon: 'اليوم {{n}}',
    galacticReturn: 'العودة المجرية',
    birthday: 'عيد الميلاد',
    born: 'تاريخ الميلاد',
  },
};

/** "day 12" in the language's own order. */
export const dayOfMoonText = (lang: Language, day: number) =>
  CALENDAR_WORDS[lang].dayOfMoon.replace('{{n}}', String(day));
