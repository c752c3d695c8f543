import {
  castleOfKin,
  colorOfSeal,
  formatDate,
  kinOfDate,
  oracleRelation,
  parseDate,
  sealOfKin,
  today as todayDate,
  toneOfKin,
  waveSpellOfKin,
} from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSession } from '../auth/session.ts';
import type { GameToday } from './api.ts';
import { GameLayout } from './GameLayout.tsx';
import { Mirror } from './Mirror.tsx';

/** Today's mirror for a birth date, worked out on the device: the preview writes nothing and needs no profile. */
export function previewToday(birthDate: string | null, date = todayDate()): GameToday {
  const kin = kinOfDate(date);
  const own = birthDate ? kinOfDate(parseDate(birthDate.slice(0, 10))) : null;
  const same = (f: (k: number) => number) => own !== null && f(own) === f(kin);
  return {
    date: formatDate(date),
    kin,
    own_kin: own,
    relation: own ? oracleRelation(own, kin) : null,
    shared: {
      tone: same(toneOfKin),
      seal: same(sealOfKin),
      color: same((k) => colorOfSeal(sealOfKin(k))),
      wavespell: same(waveSpellOfKin),
      castle: same(castleOfKin),
    },
    practice: null,
    streak: { current: 0, best: 0, last_day: null, repairs_left: 1 },
  };
}

/** /admin/game/preview: the game as a player sees it, for an administrator, with nothing written. */
export default function PreviewPage() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  const { user } = useSession();
  return (
    <GameLayout title={t('preview.title')} streak={0}>
      <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center" role="note">
        <span>{t('preview.text')}</span>
        <Link to={localizedPath(lang, '/game')} className="alert-link">
          {t('preview.play')}
        </Link>
      </div>
      <Mirror today={previewToday(user?.birth_date ?? null)} lang={lang} />
    </GameLayout>
  );
}
