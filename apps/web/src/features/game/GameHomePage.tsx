import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { fetchMe, GAME_KEYS } from './api.ts';
import { LoadError, Loading } from './GameLayout.tsx';

/** /game: a new player goes through the setup, a known one to today's mirror. */
export default function GameHomePage() {
  const lang = usePathLanguage();
  const me = useQuery({ queryKey: GAME_KEYS.me, queryFn: fetchMe });
  if (me.isPending) return <Loading />;
  if (me.isError) return <LoadError error={me.error} />;
  return <Navigate replace to={localizedPath(lang, me.data.profile ? '/game/mirror' : '/game/setup/profile')} />;
}
