import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { fetchToday, GAME_KEYS, practise } from './api.ts';
import { GameLayout, LoadError, Loading } from './GameLayout.tsx';
import { Mirror } from './Mirror.tsx';

/** /game/mirror: the day's practice. */
export default function MirrorPage() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  const queryClient = useQueryClient();
  const today = useQuery({ queryKey: GAME_KEYS.today, queryFn: fetchToday });
  const write = useMutation({
    mutationFn: practise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['game'] }),
  });
  const code = (today.error as { code?: string } | null)?.code;
  if (code === 'GAME_NOT_SET_UP') return <Navigate replace to={localizedPath(lang, '/game/setup/profile')} />;
  const writeCode = (write.error as { code?: string } | null)?.code ?? '';
  return (
    <GameLayout title={t('tabs.mirror')} streak={today.data?.streak.current ?? null}>
      {today.isPending && <Loading />}
      {today.isError && <LoadError error={today.error} />}
      {today.data && (
        <>
          {write.data?.repaired && (
            <div className="alert alert-info" role="status">
              {t('mirror.repaired')}
            </div>
          )}
          <Mirror
            today={today.data}
            lang={lang}
            pending={write.isPending}
            error={write.isError ? t([`errors.${writeCode}`, 'errors.generic']) : null}
            onPractise={(kind, answer) => write.mutate({ kind, answer: kind === 'reflection' ? answer : null })}
          />
        </>
      )}
    </GameLayout>
  );
}
