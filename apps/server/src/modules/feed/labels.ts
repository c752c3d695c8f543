import type { Language } from '@hunab/calendar';

/** The words of the calendar feed's events, in the eight languages of the product. */
export interface FeedLabels {
  calendarName: string;
  personalCalendarName: string;
  description: string;
  kin: string;
  tone: string;
  seal: string;
  wavespell: string;
  moon: string;
  dayOfMoon: string;
  galacticReturn: string;
  birthday: string;
}

export const FEED_LABELS: Readonly<Record<Language, FeedLabels>> = {
  ru: {
    calendarName: 'Хунаб: кин дня',
    personalCalendarName: 'Хунаб: мой календарь',
    description: 'Кин каждого дня по календарю 13 лун',
    kin: 'Кин',
    tone: 'Тон',
    seal: 'Печать',
    wavespell: 'Волна',
    moon: 'Луна',
    dayOfMoon: 'день',
    galacticReturn: 'Галактическое возвращение',
    birthday: 'День рождения',
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
    dayOfMoon: 'day',
    galacticReturn: 'Galactic return',
    birthday: 'Birthday',
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
    dayOfMoon: 'día',
    galacticReturn: 'Retorno galáctico',
    birthday: 'Cumpleaños',
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
    dayOfMoon: 'dia',
    galacticReturn: 'Retorno galáctico',
    birthday: 'Aniversário',
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
    dayOfMoon: 'Tag',
    galacticReturn: 'Galaktische Rückkehr',
    birthday: 'Geburtstag',
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
    dayOfMoon: '日目',
    galacticReturn: '銀河の誕生日',
    birthday: '誕生日',
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
    dayOfMoon: '日',
    galacticReturn: '银河回归',
    birthday: '生日',
  },
  ar: {
    calendarName: 'هوناب: كين اليوم',
    personalCalendarName: 'هوناب: تقويمي',
    description: 'كين كل يوم في تقويم الأقمار الثلاثة عشر',
    kin: 'كين',
    tone: 'النغمة',
    seal: 'الختم',
    wavespell: 'الموجة',
    moon: 'القمر',
    dayOfMoon: 'اليوم',
    galacticReturn: 'العودة المجرية',
    birthday: 'عيد الميلاد',
  },
};
