import type { GameCycle } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { fetchMe, GAME_KEYS, startGoal } from './api.ts';
import { GameLayout, LoadError, Loading } from './GameLayout.tsx';
import { CycleChoice } from './SetupPage.tsx';

/** /game/goals: progress through the chosen cycle, and a new goal when it has ended. */
export default function GoalsPage() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: GAME_KEYS.me, queryFn: fetchMe });
  const [cycle, setCycle] = useState<GameCycle>('wavespell');
  const [choosing, setChoosing] = useState(false);
  const start = useMutation({
    mutationFn: startGoal,
    onSuccess: async () => {
      setChoosing(false);
      await queryClient.invalidateQueries({ queryKey: ['game'] });
    },
  });
  if (me.data && !me.data.profile) return <Navigate replace to={localizedPath(lang, '/game/setup/profile')} />;
  const goal = me.data?.goal ?? null;
  const percent = goal ? Math.min(100, Math.round((goal.done / goal.target) * 100)) : 0;
  const number = formatters(lang).number;
  return (
    <GameLayout title={t('tabs.goals')} streak={me.data?.streak.current ?? null}>
      {me.isPending && <Loading />}
      {me.isError && <LoadError error={me.error} />}
      {goal && (
        <section className="game-card" data-testid="game-goal">
          <h2 className="h5">{t(`cycles.${goal.cycle}.name`)}</h2>
          <p className="text-body-secondary">{t('goals.dates', { start: goal.starts_on, end: goal.ends_on })}</p>
          <div
            className="progress mb-2"
            role="progressbar"
            aria-valuenow={goal.done}
            aria-valuemin={0}
            aria-valuemax={goal.target}
            aria-label={t('goals.progressLabel')}
          >
            <div className="progress-bar" style={{ width: `${percent}%` }} />
          </div>
          <p className="mb-0">{t('goals.progress', { done: number(goal.done), target: number(goal.target) })}</p>
          {goal.ended && <p className="mt-2 mb-0 fw-semibold">{t('goals.ended')}</p>}
        </section>
      )}
      {me.data && (!goal || goal.ended || choosing) && (
        <form
          className="game-card"
          onSubmit={(event) => {
            event.preventDefault();
            start.mutate(cycle);
          }}
        >
          <fieldset>
            <legend className="h5">{t('goals.newTitle')}</legend>
            <CycleChoice value={cycle} onChange={setCycle} />
          </fieldset>
          <button type="submit" className="btn btn-primary mt-3" disabled={start.isPending}>
            {t('goals.start')}
          </button>
        </form>
      )}
      {goal && !goal.ended && !choosing && (
        <button type="button" className="btn btn-link px-0" onClick={() => setChoosing(true)}>
          {t('goals.change')}
        </button>
      )}
    </GameLayout>
  );
}
