import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatters } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { fetchLeaderboard, fetchMe, GAME_KEYS, saveProfile } from './api.ts';
import { GameLayout, LoadError, Loading } from './GameLayout.tsx';

/** /game/leaderboard: this week's days practised in the player's cohort, by alias, for those who opted in. */
export default function LeaderboardPage() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  const queryClient = useQueryClient();
  const board = useQuery({ queryKey: GAME_KEYS.leaderboard, queryFn: fetchLeaderboard });
  const me = useQuery({ queryKey: GAME_KEYS.me, queryFn: fetchMe });
  const toggle = useMutation({
    mutationFn: (optIn: boolean) => {
      const profile = me.data?.profile;
      if (!profile) throw new Error('no profile');
      return saveProfile({ alias: profile.alias, time_zone: profile.time_zone, leaderboard_opt_in: optIn });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['game'] }),
  });
  const number = formatters(lang).number;
  const data = board.data;
  return (
    <GameLayout title={t('tabs.leaderboard')} streak={me.data?.streak.current ?? null}>
      {board.isPending && <Loading />}
      {board.isError && <LoadError error={board.error} />}
      {data && (
        <>
          <p className="text-body-secondary">{t('leaderboard.week', { start: data.week_start, end: data.week_end })}</p>
          {!data.opted_in ? (
            <section className="game-card">
              <p>{t('leaderboard.optInText')}</p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={toggle.isPending || !me.data?.profile}
                onClick={() => toggle.mutate(true)}
                data-testid="game-opt-in"
              >
                {t('leaderboard.optIn')}
              </button>
            </section>
          ) : (
            <>
              <table className="table game-board" data-testid="game-board">
                <caption className="visually-hidden">{t('leaderboard.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('leaderboard.alias')}</th>
                    <th scope="col" className="text-end">
                      {t('leaderboard.days')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr
                      key={entry.alias}
                      className={entry.you ? 'is-you' : ''}
                      aria-current={entry.you ? 'true' : undefined}
                    >
                      <td>{number(entry.rank)}</td>
                      <td>
                        {entry.alias}
                        {entry.you && <span className="badge text-bg-primary ms-2">{t('leaderboard.you')}</span>}
                      </td>
                      <td className="text-end">{number(entry.days)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="small text-body-secondary">{t('leaderboard.privacy')}</p>
              <button
                type="button"
                className="btn btn-link px-0"
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(false)}
              >
                {t('leaderboard.optOut')}
              </button>
            </>
          )}
        </>
      )}
    </GameLayout>
  );
}
