import { calendarDay, calendarNames, moonOfDate, moonPhaseOfDay, parseDate, runeOfDay } from '@hunab/calendar';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GlyphSprite } from '../../components/glyphs/GlyphSprite.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { PlasmaGlyph } from '../../components/glyphs/PlasmaGlyph.tsx';
import { RuneGlyph } from '../../components/glyphs/RuneGlyph.tsx';
import { Icon } from '../../components/Icon.tsx';
import type { Language } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { offsetAtNoon, useInBrowser } from '../../lib/reader-zone.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { HeptadCard, MoonPhaseIcon } from './Synchronometer.tsx';
import { useOpenContext } from './useMatrixDate.ts';

class MoonErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="guard-card text-center" role="alert">
        <h1 className="h5">Временные проблемы с лунным календарем</h1>
        <button type="button" className="btn btn-primary mt-2" onClick={() => window.location.reload()}>
          Обновить
        </button>
      </section>
    );
  }
}

function MoonGrid({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { date, iso, step } = useSelectedDate();
  const open = useOpenContext(lang);
  const names = calendarNames(lang);
  const day = calendarDay(date, lang);
  const moon = moonOfDate(date, lang);
  // The Moon of each day at noon in the reader's zone (UTC while the page hydrates, as the server drew it).
  const zoned = useInBrowser();
  let title: string;
  if (day.isDayOutOfTime) title = names.dayOutOfTime;
  else if (day.isHunabKu) title = names.hunabKu;
  else title = t('today.moonDay', { moon: moon.moon.name, day: day.day });
  usePageTitle(title);

  return (
    <>
      <GlyphSprite />
      <div className="moon-heading">
        <button type="button" className="btn btn-icon" onClick={() => step(-28)} aria-label={t('matrix.previousMoon')}>
          <Icon name="chevronLeft" className="flip-rtl" />
        </button>
        <h1 className="h4 mb-0 text-center" data-testid="matrix-title">
          {title}
        </h1>
        <button type="button" className="btn btn-icon" onClick={() => step(28)} aria-label={t('matrix.nextMoon')}>
          <Icon name="chevronRight" className="flip-rtl" />
        </button>
      </div>
      <section className="moon-grid" aria-label={moon.moon.name} data-testid="moon-grid">
        <div className="moon-row moon-plasmas">
          {names.radialPlasmas.map((plasma, i) => (
            <div className="moon-plasma" key={plasma}>
              <PlasmaGlyph plasma={i + 1} size={28} label={plasma} />
              <span>{plasma}</span>
            </div>
          ))}
        </div>
        {[0, 1, 2, 3].map((week) => (
          <div className="moon-row" key={`week-${week}`}>
            {moon.days.slice(week * 7, week * 7 + 7).map((cell, i) => {
              const dayOfMoon = week * 7 + i + 1;
              const rune = runeOfDay(dayOfMoon);
              const [, month = '', dd = ''] = cell.date.split('-');
              const cellDate = parseDate(cell.date);
              const phase = moonPhaseOfDay(cellDate, zoned ? offsetAtNoon(cellDate) : 0);
              return (
                <button
                  type="button"
                  key={cell.date}
                  className={`moon-cell${cell.date === iso ? ' is-selected' : ''}${cell.kin.isGalacticPortal ? ' is-portal' : ''}${cell.kin.isMysticColumn ? ' is-mystic' : ''}`}
                  aria-current={cell.date === iso ? 'date' : undefined}
                  data-date={cell.date}
                  onClick={() => open(parseDate(cell.date))}
                >
                  <span className="moon-day-number">{dayOfMoon}</span>
                  <KinCard
                    sprite
                    kin={cell.kin.number}
                    lang={lang}
                    size="sm"
                    marks={{ portal: cell.kin.isGalacticPortal, mystic: cell.kin.isMysticColumn }}
                  />
                  <RuneGlyph day={dayOfMoon} size={16} label={rune.name} decorative />
                  <span className="moon-weekday">{names.radialPlasmas[i]}</span>
                  <span className="moon-date">
                    {dd}.{month}
                  </span>
                  <span className="moon-sky" data-testid="moon-phase" data-image={phase.image}>
                    <MoonPhaseIcon phase={phase} lang={lang} size={18} />
                  </span>
                </button>
              );
            })}
          </div>
        ))}
      </section>
      <p className="small text-body-secondary moon-sky-note">{t('moon.gridNote', { ns: 'sync' })}</p>
      <HeptadCard day={day} />
    </>
  );
}

/** The 28 days of the moon of the selected date, by day of the week under the 7 radial plasmas. */
export default function MoonPage() {
  const lang = usePathLanguage();
  return (
    <MoonErrorBoundary>
      <MoonGrid lang={lang} />
    </MoonErrorBoundary>
  );
}
