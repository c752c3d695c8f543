import {
  type CalendarDay,
  calendarDay,
  calendarNames,
  type Kin,
  type Language,
  type MoonPhaseDay,
  moonPhaseOfDay,
  type PlainDate,
  parseDate,
} from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { MoonPhaseGlyph } from '../../components/glyphs/MoonPhaseGlyph.tsx';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { useReaderOffset } from '../../lib/reader-zone.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { moonPhaseLabel, noonOf, outsideMoons } from '../../lib/synchronometer.ts';
import './synchronometer.css';

/** The phase image of a day's Moon, named for screen readers ("Waxing crescent, 4 days"). */
export function MoonPhaseIcon({ phase, lang, size = 28 }: { phase: MoonPhaseDay; lang: Language; size?: number }) {
  const { t } = useTranslation();
  const label = moonPhaseLabel(t, calendarNames(lang).moonPhases, phase);
  return <MoonPhaseGlyph image={phase.image} size={size} label={label} />;
}

/** The Moon of a day at noon in the reader's zone: its image, phase, age and the next new and full moon. */
export function MoonToday({ date, lang }: { date: PlainDate; lang: Language }) {
  const { t } = useTranslation('sync');
  const offset = useReaderOffset(date);
  const phase = moonPhaseOfDay(date, offset);
  const names = calendarNames(lang);
  const format = (iso: string | null) => (iso ? formatters(lang).date(noonOf(iso), 'long') : '—');
  return (
    <section
      className="settings-card sync-card sync-moon"
      data-testid="moon-today"
      data-image={phase.image}
      data-next-new={phase.nextNewMoon ?? ''}
      data-next-full={phase.nextFullMoon ?? ''}
    >
      <MoonPhaseIcon phase={phase} lang={lang} size={56} />
      <div className="sync-body">
        <h2 className="h6 mb-1">{names.synchronometer.moonPhase}</h2>
        <p className="mb-1 fw-semibold" data-testid="moon-today-label">
          {moonPhaseLabel(t, names.moonPhases, phase)}
        </p>
        <p className="small mb-1">{t('moon.image', { image: phase.image })}</p>
        <dl className="sync-facts small mb-1">
          <div>
            <dt>{names.synchronometer.nextNewMoon}</dt>
            <dd data-testid="next-new-moon">{format(phase.nextNewMoon)}</dd>
          </div>
          <div>
            <dt>{names.synchronometer.nextFullMoon}</dt>
            <dd data-testid="next-full-moon">{format(phase.nextFullMoon)}</dd>
          </div>
        </dl>
        <p className="small text-body-secondary mb-0">{t('moon.explain')}</p>
      </div>
    </section>
  );
}

function KinLink({ kin, lang, testId }: { kin: { number: number; name: string }; lang: Language; testId: string }) {
  return (
    <Link
      to={localizedPath(lang, `/kin/${kin.number}`)}
      className="sync-kin"
      data-testid={testId}
      data-kin={kin.number}
    >
      <KinCard kin={kin.number} lang={lang} size="sm" />
      <span className="fw-semibold">{kin.name}</span>
    </Link>
  );
}

/** The PSI chrono kin of a day, or the sentence that the Day Out of Time has none. */
export function PsiKinCard({ day, lang }: { day: CalendarDay; lang: Language }) {
  const { t } = useTranslation('sync');
  const names = calendarNames(lang);
  return (
    <section className="settings-card sync-card" data-testid="psi-kin" data-kin={day.psiKin?.number ?? ''}>
      <div className="sync-body">
        <h2 className="h6 mb-2">{names.synchronometer.psiKin}</h2>
        {day.psiKin ? <KinLink kin={day.psiKin} lang={lang} testId="psi-kin-link" /> : <p>{t('psi.none')}</p>}
        <p className="small text-body-secondary mb-0 mt-2">{t('psi.explain')}</p>
      </div>
    </section>
  );
}

/** The fifth-force (Goddess) kin of a kin's oracle. */
export function FifthForceCard({ kin, lang }: { kin: Kin; lang: Language }) {
  const { t } = useTranslation('sync');
  return (
    <section className="settings-card sync-card" data-testid="fifth-force" data-kin={kin.fifthForce.number}>
      <div className="sync-body">
        <h2 className="h6 mb-2">{calendarNames(lang).synchronometer.fifthForce}</h2>
        <KinLink kin={kin.fifthForce} lang={lang} testId="fifth-force-link" />
        <p className="small text-body-secondary mb-0 mt-2">{t('fifth.explain')}</p>
      </div>
    </section>
  );
}

/** The harmonic and the chromatic of a kin, with what its stage in each does. */
export function KinCycles({ kin }: { kin: Kin }) {
  const { t } = useTranslation('sync');
  const { harmonic, chromatic } = kin;
  return (
    <div className="sync-pair">
      <section className="settings-card sync-card" data-testid="harmonic" data-harmonic={harmonic.number}>
        <div className="sync-body">
          <h2 className="h6 mb-1">{t('harmonic.title', { number: harmonic.number })}</h2>
          <p className="mb-1" data-testid="harmonic-cell">
            {t('harmonic.cell', { cell: harmonic.timeCell.name })}
          </p>
          <p className="small mb-1">{t(`harmonic.cells.${harmonic.timeCell.number - 1}`)}</p>
          <p className="mb-1" data-testid="harmonic-stage">
            {t('harmonic.stage', { stage: harmonic.stage.name })}
          </p>
          <p className="small mb-1">{t(`harmonic.stages.${harmonic.stage.number - 1}`)}</p>
          <p className="small text-body-secondary mb-0">{t('harmonic.explain')}</p>
        </div>
      </section>
      <section className="settings-card sync-card" data-testid="chromatic" data-chromatic={chromatic.number}>
        <div className="sync-body">
          <h2 className="h6 mb-1">{t('chromatic.title', { number: chromatic.number })}</h2>
          <p className="mb-1" data-testid="chromatic-clan">
            {t('chromatic.clan', { clan: chromatic.clan.name })}
          </p>
          <p className="mb-1" data-testid="chromatic-stage">
            {t('chromatic.stage', { stage: chromatic.stage.name })}
          </p>
          <p className="small mb-1">{t(`chromatic.stages.${chromatic.stage.number - 1}`)}</p>
          <p className="small text-body-secondary mb-0">{t('chromatic.explain')}</p>
        </div>
      </section>
    </div>
  );
}

/** The heptad of a day: its plasma's gate and its place in the week of the moon; a sentence outside the moons. */
export function HeptadCard({ day }: { day: CalendarDay }) {
  const { t } = useTranslation('sync');
  const { heptad } = day;
  return (
    <section className="settings-card sync-card" data-testid="heptad" data-gate={heptad?.gate ?? ''}>
      <div className="sync-body">
        {heptad ? (
          <>
            <h2 className="h6 mb-1">{t('heptad.title', { number: heptad.number })}</h2>
            <p className="mb-1" data-testid="heptad-place">
              {t('heptad.place', {
                week: heptad.weekOfMoon,
                day: heptad.dayOfWeek,
                plasma: day.radialPlasma?.name ?? '',
              })}
            </p>
            <p className="mb-1 fw-semibold" data-testid="heptad-gate">
              {t('heptad.gate', { gate: heptad.gate })}
            </p>
          </>
        ) : (
          <p className="mb-1">{t('heptad.none')}</p>
        )}
        <p className="small text-body-secondary mb-0">{t('heptad.explain')}</p>
      </div>
    </section>
  );
}

/**
 * The date line of the matrix pages: the selected day, its New Sirius date, and outside the moons the name of the
 * day (with, on 29 February, the sentence on how its kin is read).
 */
export function NewSiriusLine() {
  const { t } = useTranslation('sync');
  const lang = usePathLanguage();
  const { date } = useSelectedDate();
  const day = calendarDay(date, lang);
  const names = calendarNames(lang);
  const outside = outsideMoons(day);
  return (
    <p className="sync-date-line small text-body-secondary" data-testid="new-sirius" data-date={day.date}>
      <time dateTime={day.date}>{formatters(lang).date(noonOf(day.date), 'long')}</time>
      {' · '}
      <span title={t('ns.explain')}>{t('ns.label')}</span>{' '}
      <bdi dir="ltr" data-testid="new-sirius-text">
        {day.newSirius.text}
      </bdi>
      {outside && (
        <>
          {' · '}
          <span data-testid="new-sirius-day">{outside === 'hunabKu' ? names.hunabKu : names.dayOutOfTime}</span>
          <span className="d-block" data-testid="new-sirius-note">
            {t(`ns.${outside}`)}
          </span>
        </>
      )}
    </p>
  );
}

/** The synchronometer of the seal page's day: its PSI chrono kin, harmonic and chromatic, and its Moon. */
export function ContextSynchronometer({ day, lang }: { day: CalendarDay; lang: Language }) {
  return (
    <div className="sync-context" data-testid="context-synchronometer">
      <PsiKinCard day={day} lang={lang} />
      <KinCycles kin={day.kin} />
      <MoonToday date={parseDate(day.date)} lang={lang} />
    </div>
  );
}
