import { kinEntity, kinOfDate, type Language, parseDate } from '@hunab/calendar';
import type { Compat } from '@hunab/contracts';
import type { Db } from '../../db/client.ts';
import { readingOf } from '../content/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { colorRelationOf, compositeKin, relationsOf } from './relations.ts';
import { COMPAT_TEXTS } from './texts.ts';

export interface CompatReader {
  id: string;
  isAdmin: boolean;
}

/** The free part of a comparison: the two kins, their composite, their relations and the summary in words. */
export function compareSignatures(dateA: string, dateB: string, lang: Language): Omit<Compat, 'access' | 'reading'> {
  const kinA = kinEntity(kinOfDate(parseDate(dateA)), lang);
  const kinB = kinEntity(kinOfDate(parseDate(dateB)), lang);
  const composite = kinEntity(compositeKin(kinA.number, kinB.number), lang);
  const texts = COMPAT_TEXTS[lang];
  const relations = relationsOf(kinA.number, kinB.number);
  const color = colorRelationOf(kinA.number, kinB.number);
  const oracle = relations.some((type) =>
    ['same_kin', 'analog', 'antipode', 'occult', 'a_guides_b', 'b_guides_a'].includes(type),
  );
  const intro = texts.intro
    .replace('{{a}}', kinA.name)
    .replace('{{b}}', kinB.name)
    .replace('{{composite}}', `${composite.number} (${composite.name})`);
  const summary = [
    intro,
    ...relations.map((type) => texts.relations[type].short),
    ...(oracle ? [] : [texts.noOracle]),
    texts.colors[color].short,
  ].join(' ');
  return {
    a: { date: dateA, kin: kinA },
    b: { date: dateB, kin: kinB },
    composite,
    relations: relations.map((type) => ({ type, title: texts.relations[type].title })),
    color: { type: color, title: texts.colors[color].title },
    summary,
  };
}

/**
 * Two people side by side. Everyone gets the summary; a subscriber (or an administrator) gets the whole reading:
 * each relation explained, and the readings of the composite kin's seal and tone.
 */
export function createCompatService({ db, subscriptions }: { db: Db; subscriptions: SubscriptionService }) {
  return {
    async compare(reader: CompatReader | null, dateA: string, dateB: string, lang: Language): Promise<Compat> {
      const base = compareSignatures(dateA, dateB, lang);
      const access = await subscriptions.accessOf(reader);
      if (!access.active) return { ...base, access: 'summary', reading: null };
      const texts = COMPAT_TEXTS[lang];
      const [seal, tone] = await Promise.all([
        readingOf(db, 'seal', base.composite.sign.number, lang),
        readingOf(db, 'tone', base.composite.tone.number, lang),
      ]);
      const asReading = (row: typeof seal) =>
        row ? { title: row.title, summary: row.summary || null, text: row.body } : null;
      return {
        ...base,
        access: 'full',
        reading: {
          relations: [
            ...base.relations.map(({ type, title }) => ({ type, title, text: texts.relations[type].long })),
            { type: `color_${base.color.type}`, title: base.color.title, text: texts.colors[base.color.type].long },
          ],
          seal: asReading(seal),
          tone: asReading(tone),
        },
      };
    },
  };
}

export type CompatService = ReturnType<typeof createCompatService>;
