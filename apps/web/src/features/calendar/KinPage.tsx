import { calendarNames, castleEntity, kinEntity, type Language } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { ApiRequestError, api } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';

type KinRecord = ReturnType<typeof kinEntity>;

/**
 * The kin record of the server (the reference the share images and the feed use). While it loads, and when the
 * device has no connection at all, the device's own engine answers; a server that answers with a failure is
 * "Unable to load Kin data" (spec 001 section 8).
 */
function useKinRecord(n: number, lang: Language, enabled: boolean) {
  return useQuery({
    queryKey: ['kin', n, lang],
    queryFn: async () => (await api<{ success?: unknown; data?: KinRecord }>(`/calendar/kin/${n}?lang=${lang}`)).data,
    enabled,
    placeholderData: () => (enabled ? kinEntity(n, lang) : undefined),
    staleTime: 24 * 3_600_000,
  });
}

/** A kin by number: name, tone, seal, number and wavespell. */
export default function KinPage() {
  const { t } = useTranslation();
  const { kinNumber } = useRouteParams();
  const lang = usePathLanguage();
  const n = kinNumber !== undefined && /^\d+$/.test(kinNumber) ? Number(kinNumber) : Number.NaN;
  const valid = Number.isInteger(n) && n >= 1 && n <= 260;
  usePageTitle(valid ? `${t('today.kin')} ${n}` : t('pages.kin'));
  const record = useKinRecord(n, lang, valid);
  if (kinNumber === undefined) {
    return (
      <p className="alert alert-warning" role="alert" data-testid="kin-error">
        {t('kinErrors.required')}
      </p>
    );
  }
  if (!valid) {
    return (
      <p className="alert alert-danger" role="alert" data-testid="kin-error">
        {t('kinErrors.invalid')}
      </p>
    );
  }
  const offline = record.error instanceof ApiRequestError && record.error.status === 0;
  if ((record.error && !offline) || (record.isSuccess && !record.data?.tone)) {
    return (
      <div className="alert alert-danger" role="alert" data-testid="kin-error">
        <p className="mb-2">{t('kinErrors.loadFailed')}</p>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void record.refetch()}>
          {t('contentErrors.retry')}
        </button>
      </div>
    );
  }
  const kin = record.data ?? kinEntity(n, lang);
  return (
    <article className="kin-page">
      <KinCard kin={n} lang={lang} size="lg" marks={{ portal: kin.isGalacticPortal, mystic: kin.isMysticColumn }} />
      <h1 className="h3 mt-3" data-testid="kin-name">
        {kin.name}
      </h1>
      <div className="mt-2">
        <ShareButton image={`/api/share/kin/${n}.png?lang=${lang}`} fileName={`hunab-kin-${n}.png`} title={kin.name} />
      </div>
      <dl className="today-facts">
        <div>
          <dt>{t('today.kin')}</dt>
          <dd data-testid="kin-number">{kin.number}</dd>
        </div>
        <div>
          <dt>{t('today.tone')}</dt>
          <dd>
            {kin.tone.name} · {kin.tone.number}
          </dd>
        </div>
        <div>
          <dt>{t('today.seal')}</dt>
          <dd>
            {kin.sign.name} · {kin.sign.number}
          </dd>
        </div>
        <div>
          <dt>{t('today.waveSpell')}</dt>
          <dd>{kin.waveSpell.name}</dd>
        </div>
        <div>
          <dt>{t('today.castle')}</dt>
          <dd>{castleEntity(n, lang).name}</dd>
        </div>
        <div>
          <dt>{t('today.color')}</dt>
          <dd>{calendarNames(lang).colors[kin.color - 1]}</dd>
        </div>
      </dl>
    </article>
  );
}
