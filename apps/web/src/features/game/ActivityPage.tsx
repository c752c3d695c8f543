import { kinEntity } from '@hunab/calendar';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePathLanguage } from '../../lib/route-match.ts';
import { fetchActivity, GAME_KEYS } from './api.ts';
import { GameLayout, LoadError, Loading } from './GameLayout.tsx';

/** /game/activity: the player's own practices, newest first. */
export default function ActivityPage() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  const activity = useInfiniteQuery({
    queryKey: GAME_KEYS.activity,
    queryFn: ({ pageParam }) => fetchActivity(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const practices = activity.data?.pages.flatMap((page) => page.practices) ?? [];
  return (
    <GameLayout title={t('tabs.activity')}>
      {activity.isPending && <Loading />}
      {activity.isError && <LoadError error={activity.error} />}
      {activity.data && practices.length === 0 && <p className="text-body-secondary">{t('activity.empty')}</p>}
      <ol className="game-activity">
        {practices.map((practice) => (
          <li key={practice.id} className="game-card" data-testid="game-activity-item">
            <div className="d-flex justify-content-between gap-2 flex-wrap">
              <strong>{practice.day}</strong>
              <span className="text-body-secondary">
                {t('activity.kin', { kin: practice.kin, name: kinEntity(practice.kin, lang).name })}
              </span>
            </div>
            <p className="mb-0 small">{t(practice.kind === 'reflection' ? 'mirror.reflected' : 'mirror.checkedIn')}</p>
            {practice.answer && <blockquote className="game-answer mb-0">{practice.answer}</blockquote>}
          </li>
        ))}
      </ol>
      {activity.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={activity.isFetchingNextPage}
          onClick={() => activity.fetchNextPage()}
        >
          {t('activity.more')}
        </button>
      )}
    </GameLayout>
  );
}
