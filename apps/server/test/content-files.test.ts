import { calendarNames, isLanguage, type Language } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../src/lib/paths.ts';
import { CONTENT_COUNTS, type ContentKind, readProcess, readReadings } from '../src/modules/content/files.ts';

/** The readings and the 13-day process the product ships, in content/, checked against the calendar's names. */
const readings = readReadings(contentDir);
const process = readProcess(contentDir);

function expectedTitle(kind: ContentKind, n: number, lang: Language): string | undefined {
  const names = calendarNames(lang);
  const list = {
    seal: names.seals,
    tone: names.tones,
    moon: names.moons,
    plasma: names.radialPlasmas,
    castle: names.castles,
  }[kind];
  return list[n - 1];
}

describe('the content folder', () => {
  it.each(['ru', 'en'] as const)('has every reading in %s, with its sections', (lang) => {
    for (const [kind, count] of Object.entries(CONTENT_COUNTS) as [ContentKind, number][]) {
      const numbers = readings.filter((r) => r.lang === lang && r.kind === kind).map((r) => r.number);
      expect(
        numbers.sort((a, b) => a - b),
        `${lang} ${kind}`,
      ).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
    for (const reading of readings.filter((r) => r.lang === lang)) {
      expect(
        reading.body.match(/^## /gm)?.length ?? 0,
        `${lang} ${reading.kind} ${reading.number}`,
      ).toBeGreaterThanOrEqual(3);
      expect(reading.body.split(/\s+/).length).toBeGreaterThan(150);
    }
  });

  it('names every reading exactly as the calendar does, with three keywords and a short summary', () => {
    expect(readings.length).toBeGreaterThanOrEqual(116);
    for (const reading of readings) {
      if (!isLanguage(reading.lang)) throw new Error(`unknown language ${reading.lang}`);
      const where = `${reading.lang}/${reading.kind}/${reading.number}`;
      expect(reading.title, where).toBe(expectedTitle(reading.kind, reading.number, reading.lang));
      expect(reading.keywords, where).toHaveLength(3);
      expect(reading.summary.length, where).toBeGreaterThan(10);
      expect(reading.summary.length, where).toBeLessThanOrEqual(200);
      expect(reading.body.trim().length, where).toBeGreaterThan(0);
    }
  });

  it('has the 13-day process in Russian and English: an assignment, three questions and a poll a day', () => {
    for (const lang of ['ru', 'en']) {
      const days = process.find((p) => p.lang === lang)?.days ?? {};
      expect(Object.keys(days).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 13 }, (_, i) => String(i + 1)),
      );
      for (const day of Object.values(days)) {
        expect(day.title.length).toBeGreaterThan(3);
        expect(day.assignment.length).toBeGreaterThan(40);
        expect(day.questions.length).toBeGreaterThanOrEqual(3);
        expect(day.polls.length).toBeGreaterThanOrEqual(1);
        for (const poll of day.polls) expect(poll.options.length).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
