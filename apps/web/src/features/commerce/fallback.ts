import type { ProductDto } from '@hunab/contracts';

/** The built-in products of spec 001 section 3, shown when neither the API nor a cached copy is there. */
const BUILT_IN = [
  { id: '13days', rub: 2900, usd: 29, level: 1, days: 13, ru: '13 дней', en: '13 Days' },
  { id: '260days', rub: 5900, usd: 59, level: 2, days: 260, ru: '260 дней', en: '260 Days' },
  { id: '13moons', rub: 12900, usd: 129, level: 3, days: 365, ru: '13 лун', en: '13 Moons' },
] as const;

export function FALLBACK_PRODUCTS(lang: string): ProductDto[] {
  return BUILT_IN.map((item, index) => {
    const name = lang === 'ru' ? item.ru : item.en;
    return {
      id: item.id,
      slug: item.id,
      name,
      description: '',
      shortDescription: '',
      longDescription: '',
      highlights: [],
      name_i18n: { ru: item.ru, en: item.en },
      usp_i18n: {},
      descr_i18n: {},
      descr_short_i18n: {},
      description_long_i18n: {},
      highlights_i18n: {},
      variation_name_i18n: {},
      price_rub: item.rub,
      price_usd: item.usd,
      prices: { RUB: item.rub * 100, USD: item.usd * 100 },
      show: true,
      level: item.level,
      days: item.days,
      duration_days: item.days,
      type: 'program',
      plan_id: null,
      currency: 'RUB',
      is_active: true,
      product_group: 'programs',
      is_parent: false,
      parent_id: null,
      variation_order: index,
      recur: false,
      availability_ru: true,
      activation_date: null,
      activation_type: 'immediate',
      activation_color: null,
      activation_cycle_number: null,
      activation_cycle_name: null,
      has_variations: false,
    };
  });
}
