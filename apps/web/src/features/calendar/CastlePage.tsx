import {
  calendarDay,
  calendarNames,
  castleOfKin,
  castleTable,
  formatDate,
  isGalacticPortal,
  isMysticColumn,
  kinEntity,
} from '@hunab/calendar';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GlyphSprite } from '../../components/glyphs/GlyphSprite.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageRedirect } from '../../components/PageRedirect.tsx';
import { ReadingView } from '../../components/ReadingView.tsx';
import {
  birthKinOf,
  CASTLE_COUNT,
  castleOfDate,
  kinRangeOfCastle,
  kinsOfWavespell,
  readRouteNumber,
  wavespellsOfCastle,
} from '../../lib/castles.ts';
import { formatters, type Language, localizedPath } from '../../lib/languages.ts';
import { meOf } from '../../lib/me.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useReading } from '../../lib/use-reading.ts';
import { readGuestBirthDate, useSession } from '../auth/session.ts';
import { dateOfKinNear } from './useMatrixDate.ts';

/**
 * The reader's birth kin: the signed-in reader's own birth date, else the one a guest gave on this device. The
 * device's copy is read after the first render, so the page hydrates as the server rendered it (a guest's view).
 */
function useBirthKin(): number | null {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const [guest, setGuest] = useState<string | null>(null);
  useEffect(() => {
    setGuest(signedIn ? null : (readGuestBirthDate()?.birthDate ?? null));
  }, [signedIn]);
  return birthKinOf(signedIn ? meOf(session.user)?.birthDate : guest);
}

/** A mark of the board's legend: what it marks, its kin, and the castle that kin lies in when it is another. */
function LegendEntry({
  kind,
  label,
  kin,
  shown,
  lang,
}: {
  kind: 'day' | 'birth';
  label: string;
  kin: number;
  shown: number;
  lang: Language;
}) {
  const { t } = useTranslation();
  const castle = castleOfKin(kin);
  return (
    <li data-testid={`castle-${kind}`}>
      <span className={`castle-key is-${kind}`} aria-hidden="true" />
      {label}: {t('today.kin')} {kin}
      {castle !== shown && (
        <>
          {' · '}
          <Link to={localizedPath(lang, `/castle/${castle}`)}>{castleTable(lang)[castle - 1]?.name}</Link>
        </>
      )}
    </li>
  );
}

/** The five castles in the order of the journey, the one shown marked. */
function Journey({ current, lang }: { current: number; lang: Language }) {
  const { t } = useTranslation('castles');
  const castles = castleTable(lang);
  return (
    <nav aria-label={t('journey')} className="mb-3">
      <ol className="castle-journey" data-testid="castle-journey">
        {castles.map((castle) => (
          <li key={castle.number}>
            <Link
              to={localizedPath(lang, `/castle/${castle.number}`)}
              className={`castle-step castle-${castle.color}`}
              aria-current={castle.number === current ? 'page' : undefined}
            >
              <span className="castle-swatch" aria-hidden="true" />
              <span className="castle-step-number">{castle.number}</span>
              <span className="castle-step-role">{t(`items.${castle.number}.role`)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A castle of the 260-day round (/castle/{1-5}; /castle alone the castle of the selected date): its name, colour,
 * court and part in the journey of the five castles, then its four wavespells and 52 kins as a board with the
 * selected day's kin and the reader's birth kin marked, each kin opening its date, then the castle's reading.
 */
export default function CastlePage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('castles');
  const lang = usePathLanguage();
  const { castleId } = useRouteParams();
  const { date, isToday } = useSelectedDate();
  const asked = readRouteNumber(castleId, 1, CASTLE_COUNT);
  const number = asked ?? castleOfDate(date);
  const castle = castleTable(lang)[number - 1];
  const names = calendarNames(lang);
  const dayKin = calendarDay(date).kin.number;
  const birthKin = useBirthKin();
  const reading = useReading('castles', number, lang);
  usePageTitle(castle?.name ?? tc('journey'));
  if (castleId !== undefined && asked === null) return <PageRedirect to={localizedPath(lang, '/castle')} />;
  if (!castle) return null;

  const range = kinRangeOfCastle(number);
  const previous = ((number + CASTLE_COUNT - 2) % CASTLE_COUNT) + 1;
  const next = (number % CASTLE_COUNT) + 1;
  const format = formatters(lang);
  const dayLabel = isToday ? tc('today') : format.date(new Date(date.year, date.month - 1, date.day));
  const mark = (kin: number) =>
    [kin === dayKin ? dayLabel : null, kin === birthKin ? tc('birth') : null].filter(Boolean).join(', ');

  return (
    <article className={`castle-page castle-${castle.color}`} data-castle={number}>
      <GlyphSprite />
      <div className="moon-heading">
        <Link
          className="btn btn-icon"
          to={localizedPath(lang, `/castle/${previous}`)}
          aria-label={castleTable(lang)[previous - 1]?.name}
        >
          <Icon name="chevronLeft" className="flip-rtl" />
        </Link>
        <h1 className="h4 mb-0 text-center" data-testid="matrix-title">
          {castle.name}
        </h1>
        <Link
          className="btn btn-icon"
          to={localizedPath(lang, `/castle/${next}`)}
          aria-label={castleTable(lang)[next - 1]?.name}
        >
          <Icon name="chevronRight" className="flip-rtl" />
        </Link>
      </div>
      <Journey current={number} lang={lang} />
      <dl className="today-facts castle-facts" data-testid="castle-facts">
        <div>
          <dt>{tc('number')}</dt>
          <dd>{tc('numberOf', { n: number })}</dd>
        </div>
        <div>
          <dt>{tc('colour')}</dt>
          <dd>
            <span className="castle-swatch" aria-hidden="true" /> {tc(`items.${number}.colour`)}
          </dd>
        </div>
        <div>
          <dt>{tc('court')}</dt>
          <dd data-testid="castle-court">{tc(`items.${number}.court`)}</dd>
        </div>
        <div>
          <dt>{tc('kins')}</dt>
          <dd>
            {range.from}–{range.to}
          </dd>
        </div>
      </dl>
      <section className="castle-role mt-3" aria-labelledby="castle-role">
        <h2 id="castle-role" className="h6">
          {tc('role')}: {tc(`items.${number}.role`)}
        </h2>
        <p data-testid="castle-role">{tc(`items.${number}.text`)}</p>
      </section>

      <section className="castle-board mt-3" aria-labelledby="castle-board" data-testid="castle-board">
        <h2 id="castle-board" className="h6">
          {tc('board')}
        </h2>
        {wavespellsOfCastle(number).map((wavespell) => (
          <div key={wavespell} className="castle-wavespell" data-wavespell={wavespell}>
            <h3 className="castle-wavespell-name">
              <Link to={localizedPath(lang, `/trecena/${wavespell}`)}>{names.wavespells[wavespell - 1]}</Link>
            </h3>
            <ol className="castle-row">
              {kinsOfWavespell(wavespell).map((kin) => {
                const marked = mark(kin);
                return (
                  <li
                    key={kin}
                    className={`castle-cell${kin === dayKin ? ' is-day' : ''}${kin === birthKin ? ' is-birth' : ''}`}
                    data-kin={kin}
                  >
                    <Link
                      to={localizedPath(lang, `/context/${formatDate(dateOfKinNear(date, kin))}`)}
                      aria-label={`${t('today.kin')} ${kin} · ${kinEntity(kin, lang).name}${marked ? ` · ${marked}` : ''}`}
                    >
                      <KinCard
                        sprite
                        kin={kin}
                        lang={lang}
                        size="sm"
                        selected={kin === dayKin}
                        marks={{ portal: isGalacticPortal(kin), mystic: isMysticColumn(kin) }}
                      />
                    </Link>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
        <ul className="castle-legend small" data-testid="castle-legend">
          <LegendEntry kind="day" label={dayLabel} kin={dayKin} shown={number} lang={lang} />
          {birthKin !== null && (
            <LegendEntry kind="birth" label={tc('birth')} kin={birthKin} shown={number} lang={lang} />
          )}
        </ul>
      </section>
      {reading.data && <ReadingView reading={reading.data} watermark="Hunab" />}
    </article>
  );
}
