import { calendarDay, type Kin, kinEntity } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { type Language, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { FifthForceCard, PsiKinCard } from './Synchronometer.tsx';

function Position({ kin, role, lang, testId }: { kin: Kin; role: string; lang: Language; testId: string }) {
  return (
    <figure className={`cross-cell cross-${testId}`} data-testid={`cross-${testId}`} data-kin={kin.number}>
      <figcaption className="small text-body-secondary">{role}</figcaption>
      <Link to={localizedPath(lang, `/kin/${kin.number}`)} className="text-decoration-none">
        <KinCard kin={kin.number} lang={lang} size="md" marks={{ portal: kin.isGalacticPortal }} />
        <span className="d-block small mt-1 cross-name">{kin.name}</span>
      </Link>
    </figure>
  );
}

/** The oracle of the selected day: the guide (driver) on top, antipode left, the kin in the centre, analog right, occult below. */
export default function CrossPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  const { date } = useSelectedDate();
  const day = calendarDay(date, lang);
  const kin = day.kin;
  usePageTitle(t('pages.cross'));
  const { driver, antipod, analog, occult } = kin.oracle;
  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {t('pages.cross')}
      </h1>
      <div className="cross-grid" dir="ltr">
        <Position kin={kinEntity(driver, lang)} role={t('cross.guide')} lang={lang} testId="driver" />
        <Position kin={kinEntity(antipod, lang)} role={t('cross.antipode')} lang={lang} testId="antipod" />
        <Position kin={kin} role={t('cross.destiny')} lang={lang} testId="kin" />
        <Position kin={kinEntity(analog, lang)} role={t('cross.analog')} lang={lang} testId="analog" />
        <Position kin={kinEntity(occult, lang)} role={t('cross.occult')} lang={lang} testId="occult" />
      </div>
      <div className="sync-oracle-extra">
        <FifthForceCard kin={kin} lang={lang} />
        <PsiKinCard day={day} lang={lang} />
      </div>
    </>
  );
}
