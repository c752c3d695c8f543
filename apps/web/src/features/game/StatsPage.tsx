import { calendarNames, kinEntity, type Language } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatters } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { fetchStats, GAME_KEYS } from './api.ts';
import { GameLayout, LoadError, Loading } from './GameLayout.tsx';

/** The 260 kins as the Tzolkin lays them out: 13 columns of 20, a cell darker the more it was practised. */
function HeatMap({ kins, lang }: { kins: number[]; lang: Language }) {
  const { t } = useTranslation('game');
  const max = Math.max(1, ...kins);
  const cells = [];
  for (let row = 0; row < 20; row++) {
    for (let column = 0; column < 13; column++) {
      const kin = column * 20 + row + 1;
      const count = kins[kin - 1] ?? 0;
      const level = count === 0 ? 0 : Math.ceil((count / max) * 4);
      cells.push(
        <span
          key={kin}
          className={`game-heat-cell level-${level}`}
          title={`${kin} ${kinEntity(kin, lang).name}: ${count}`}
          data-kin={kin}
        />,
      );
    }
  }
  return (
    <figure className="game-card">
      <figcaption className="h5">{t('stats.heatMap')}</figcaption>
      <div
        className="game-heat"
        role="img"
        aria-label={t('stats.heatMapLabel', { count: kins.filter(Boolean).length })}
      >
        {cells}
      </div>
    </figure>
  );
}

/** /game/stats: streaks, days practised, the tones and seals met, the 260-day heat map. */
export default function StatsPage() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  const stats = useQuery({ queryKey: GAME_KEYS.stats, queryFn: fetchStats });
  const names = calendarNames(lang);
  const number = formatters(lang).number;
  const data = stats.data;
  return (
    <GameLayout title={t('tabs.stats')} streak={data?.streak.current ?? null}>
      {stats.isPending && <Loading />}
      {stats.isError && <LoadError error={stats.error} />}
      {data && (
        <>
          <section className="game-figures">
            {(
              [
                ['current', data.streak.current],
                ['best', data.streak.best],
                ['days', data.days_practised],
                ['reflections', data.reflections],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="game-figure" data-testid={`game-figure-${key}`}>
                <span className="value">{number(value)}</span>
                <span className="label">{t(`stats.${key}`)}</span>
              </div>
            ))}
          </section>
          <p className="text-body-secondary small">{t('stats.repairs', { count: data.streak.repairs_left })}</p>
          <section className="game-card">
            <h2 className="h5">{t('stats.tones')}</h2>
            <ul className="game-bars">
              {data.tones.map((count, i) => (
                <li key={names.tones[i] ?? i}>
                  <span className="game-bar-label">{names.tones[i]}</span>
                  <span className="game-bar" style={{ inlineSize: `${(count / Math.max(1, ...data.tones)) * 100}%` }} />
                  <span className="game-bar-count">{number(count)}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="game-card">
            <h2 className="h5">{t('stats.seals')}</h2>
            <ul className="game-bars">
              {data.seals.map((count, i) => (
                <li key={names.seals[i] ?? i}>
                  <span className="game-bar-label">{names.seals[i]}</span>
                  <span className="game-bar" style={{ inlineSize: `${(count / Math.max(1, ...data.seals)) * 100}%` }} />
                  <span className="game-bar-count">{number(count)}</span>
                </li>
              ))}
            </ul>
          </section>
          <HeatMap kins={data.kins} lang={lang} />
        </>
      )}
    </GameLayout>
  );
}
