import { LANGUAGE_CONFIG, type Language } from './languages.ts';

/** A time zone as a picker shows it: the city of its IANA id, its name in the reader's language and its offset. */
export interface ZoneOption {
  id: string;
  label: string;
  /** The words a search matches: the label and the id, in lower case. */
  haystack: string;
}

/** The zone this browser runs in, or UTC. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function zoneName(locale: string, zone: string, style: 'longGeneric' | 'shortOffset', at: Date): string {
  try {
    return (
      new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/** Minutes east of UTC at `at`, from the offset the browser names ("GMT+5:30"). */
function offsetMinutes(zone: string, at: Date): number {
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(zoneName('en-US', zone, 'shortOffset', at));
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** "America/Argentina/Buenos_Aires" -> "Buenos Aires". */
const cityOf = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

const cache = new Map<Language, ZoneOption[]>();

/**
 * Every zone the browser knows, the device's own first, then west to east and by city; each with its city, its
 * name in `lang` (which carries the city's own name where the language has one: "Москва", "モスクワ") and offset.
 */
export function zoneOptions(lang: Language, at: Date = new Date()): ZoneOption[] {
  const known = cache.get(lang);
  if (known) return known;
  const locale = LANGUAGE_CONFIG[lang].locale;
  const own = deviceTimeZone();
  const ids = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = [...new Set([own, ...ids, 'UTC'])];
  const options = all.map((id) => {
    const offset = zoneName(locale, id, 'shortOffset', at);
    const label =
      id === 'UTC' ? `UTC (${offset})` : `${cityOf(id)} — ${zoneName(locale, id, 'longGeneric', at)} (${offset})`;
    return { id, label, haystack: `${label} ${id}`.toLocaleLowerCase(locale), offset: offsetMinutes(id, at) };
  });
  const [first, ...rest] = options;
  rest.sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, locale));
  const sorted = [...(first ? [first] : []), ...rest].map(({ id, label, haystack }) => ({ id, label, haystack }));
  cache.set(lang, sorted);
  return sorted;
}

/** The options whose words hold every word of the query, and always the chosen one. */
export function searchZones(options: readonly ZoneOption[], query: string, chosen: string, lang: Language) {
  const words = query.toLocaleLowerCase(LANGUAGE_CONFIG[lang].locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => option.id === chosen || words.every((word) => option.haystack.includes(word)));
}
