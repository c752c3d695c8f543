import { calendarDay, calendarNames, parseDate } from '@hunab/calendar';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { HUNAB_KU_NOTE } from '../src/lib/synchronometer-words.ts';
import { buildFeed } from '../src/modules/feed/service.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

function events(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { start: event.startDate.toString(), summary: event.summary, description: event.description };
  });
}

describe('the New Sirius date in the calendar feed', () => {
  it('gives every day of the public feed its New Sirius date, in Russian, English and Arabic', async () => {
    for (const lang of ['ru', 'en', 'ar'] as const) {
      const reply = await http.get(`/api/feed/daily.ics?lang=${lang}`);
      expect(reply.status).toBe(200);
      const all = events(reply.body as string);
      const label = calendarNames(lang).synchronometer.newSirius;
      for (const event of all.slice(0, 40)) {
        const day = calendarDay(parseDate(event.start), lang);
        expect(event.description, `${lang} ${event.start}`).toContain(`${label}: ${day.newSirius.text}`);
      }
    }
  });

  it('writes 29 February as 0.0 Hunab Ku with the kin it is given and says how the Law of Time reads it', () => {
    const text = buildFeed({
      lang: 'en',
      start: { year: 2028, month: 2, day: 27 },
      days: 160,
      stamp: new Date(Date.UTC(2028, 1, 27)),
    });
    const all = events(text);
    const leap = all.find((event) => event.start === '2028-02-29');
    const day = calendarDay(parseDate('2028-02-29'), 'en');
    expect(day.newSirius.text).toBe('NS1.40.0.0');
    expect(day.kin.number).toBe(calendarDay(parseDate('2028-02-28'), 'en').kin.number);
    expect(leap?.summary).toContain(`Kin ${day.kin.number}`);
    expect(leap?.description).toContain('New Sirius date: NS1.40.0.0 · 0.0 Hunab Ku');
    expect(leap?.description).toContain(HUNAB_KU_NOTE.en);
    expect(all.find((event) => event.start === '2028-02-28')?.description).not.toContain(HUNAB_KU_NOTE.en);
    expect(all.find((event) => event.start === '2028-07-25')?.description).toContain(
      'New Sirius date: NS1.40.0.0 · Day Out of Time',
    );
    expect(all.find((event) => event.start === '2028-07-26')?.description).toContain('New Sirius date: NS1.41.1.1');
  });
});
