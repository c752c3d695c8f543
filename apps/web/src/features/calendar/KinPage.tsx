import { calendarNames, castleEntity, kinEntity } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';

/** A kin by number: name, tone, seal, number and wavespell. */
export default function KinPage() {
  const { t } = useTranslation();
  const { kinNumber } = useRouteParams();
  const lang = usePathLanguage();
  const n = kinNumber !== undefined && /^\d+$/.test(kinNumber) ? Number(kinNumber) : Number.NaN;
  const valid = Number.isInteger(n) && n >= 1 && n <= 260;
  usePageTitle(valid ? `${t('today.kin')} ${n}` : t('pages.kin'));
  if (kinNumber === undefined) {
    return (
      <p className="alert alert-warning" role="alert" data-testid="kin-error">
        Kin number is required
      </p>
    );
  }
  if (!valid) {
    return (
      <p className="alert alert-danger" role="alert" data-testid="kin-error">
        Invalid kin number. Must be between 1 and 260.
      </p>
    );
  }
  const kin = kinEntity(n, lang);
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
