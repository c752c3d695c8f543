import { type CalendarDay, calendarNames, kinEntity, type Language } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SealGlyph } from '../../components/glyphs/SealGlyph.tsx';
import { ToneGlyph } from '../../components/glyphs/ToneGlyph.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { localizedPath } from '../../lib/languages.ts';

const COLOR_CLASSES = ['', 'kin-red', 'kin-white', 'kin-blue', 'kin-yellow'] as const;

/** The kin of a day with its seal, tone, wavespell, moon, plasma, year and castle. */
export function KinSummary({ day, lang, heading = 'h1' }: { day: CalendarDay; lang: Language; heading?: 'h1' | 'h2' }) {
  const Heading = heading;
  const { t } = useTranslation();
  const names = calendarNames(lang);
  const { kin } = day;
  const yearKin = kinEntity(day.yearKin, lang);

  let moonLine: string;
  if (day.isDayOutOfTime) moonLine = names.dayOutOfTime;
  else if (day.isHunabKu) moonLine = names.hunabKu;
  else moonLine = t('today.moonDay', { moon: day.moonName, day: day.day });

  return (
    <article className="today" data-date={day.date}>
      <section className={`kin-hero ${COLOR_CLASSES[kin.color]}`} aria-labelledby="kin-name">
        <div className="kin-hero-glyphs" aria-hidden="true">
          <ToneGlyph tone={kin.tone.number} size={64} color="var(--kin-color)" label={kin.tone.name} decorative />
          <SealGlyph seal={kin.sign.number} size={64} label={kin.sign.name} decorative />
        </div>
        <div className="kin-hero-number">
          <span className="label">{t('today.kin')}</span>
          <span className="value" data-testid="kin-number">
            {kin.number}
          </span>
        </div>
        <div className="kin-hero-body">
          <Heading id="kin-name" className="kin-name" data-testid="kin-name">
            {kin.name}
          </Heading>
          {kin.isGalacticPortal && <span className="badge text-bg-success mt-2">{t('today.portal')}</span>}
        </div>
      </section>

      <dl className="today-facts">
        <div>
          <dt>{t('today.seal')}</dt>
          <dd data-testid="seal">
            {kin.sign.name} <span className="num">· {kin.sign.number}</span>
          </dd>
        </div>
        <div>
          <dt>{t('today.tone')}</dt>
          <dd data-testid="tone">
            {kin.tone.name} <span className="num">· {kin.tone.number}</span>
          </dd>
        </div>
        <div>
          <dt>{t('today.waveSpell')}</dt>
          <dd data-testid="wavespell">
            {kin.waveSpell.name} <span className="num">· {t('today.dayOfWaveSpell', { day: kin.tone.number })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('today.moon')}</dt>
          <dd data-testid="moon">{moonLine}</dd>
        </div>
        {day.radialPlasma && (
          <div>
            <dt>{t('today.plasma')}</dt>
            <dd data-testid="plasma">{day.radialPlasma.name}</dd>
          </div>
        )}
        <div>
          <dt>{t('today.year')}</dt>
          <dd data-testid="year">
            {t('today.yearOf', { from: day.yearStart, to: day.yearStart + 1 })} · {t('today.kin')} {yearKin.number}{' '}
            {yearKin.name}
          </dd>
        </div>
        <div>
          <dt>{t('today.castle')}</dt>
          <dd data-testid="castle">
            <Link to={localizedPath(lang, `/castle/${day.castle.number}`)}>{day.castle.name}</Link>
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** The share button of a day's picture, under the day's kin. */
export function DayShare({ day, lang }: { day: CalendarDay; lang: Language }) {
  return (
    <div className="mt-2">
      <ShareButton
        image={`/api/share/day/${day.date}.png?lang=${lang}`}
        fileName={`hunab-${day.date}.png`}
        title={day.kin.name}
      />
    </div>
  );
}
