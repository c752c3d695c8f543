import { calendarNames, castleEntity, isValidDateText, kinEntity, kinOfDate, parseDate } from '@hunab/calendar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { ActionCard } from '../../components/ActionCard.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { OracleCross } from '../../components/glyphs/OracleCross.tsx';
import { SealGlyph } from '../../components/glyphs/SealGlyph.tsx';
import { ToneGlyph } from '../../components/glyphs/ToneGlyph.tsx';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../auth/session.ts';
import './signature.css';

/** The kin of a birth date, or null for a date the engine cannot read. */
const kinOfBirth = (birthDate: string | null | undefined): number | null =>
  birthDate && isValidDateText(birthDate.slice(0, 10)) ? kinOfDate(parseDate(birthDate.slice(0, 10))) : null;

function Keywords({ words }: { words: { power: string; action: string; essence: string } | undefined }) {
  const { t } = useTranslation('growth');
  if (!words) return null;
  return (
    <dl className="signature-keywords small mb-0">
      <dt>{t('about.power')}</dt>
      <dd>{words.power}</dd>
      <dt>{t('about.action')}</dt>
      <dd>{words.action}</dd>
      <dt>{t('about.essence')}</dt>
      <dd>{words.essence}</dd>
    </dl>
  );
}

type KeywordsOf = Parameters<typeof Keywords>[0]['words'];

/** A part of the signature: its glyph beside its title and explanation, and its keywords under them. */
function SignaturePart({
  part,
  glyph,
  title,
  keywords,
  children,
}: {
  part: 'seal' | 'tone' | 'wave';
  glyph: ReactNode;
  title: string;
  keywords?: KeywordsOf;
  children: ReactNode;
}) {
  return (
    <section className="settings-card" data-testid={`signature-${part}`}>
      <div className="d-flex gap-3 align-items-start">
        {glyph}
        <div className="min-w-0">
          <h2 className="h6 mb-1">{title}</h2>
          {children}
        </div>
      </div>
      <Keywords words={keywords} />
    </section>
  );
}

function Signature({ kin, birthDate, lang }: { kin: number; birthDate: string; lang: Language }) {
  const { t } = useTranslation('growth');
  const entity = kinEntity(kin, lang);
  const names = calendarNames(lang);
  const castle = castleEntity(kin, lang);
  const seal = entity.sign.number;
  const tone = entity.tone.number;
  const waveFirst = (entity.waveSpell.number - 1) * 13 + 1;
  const waveSeal = kinEntity(waveFirst, lang).sign;
  const link = (path: string) => localizedPath(lang, path);
  return (
    <>
      <div className="signature-head settings-card mb-3" data-testid="signature-kin" data-kin={kin}>
        <KinCard kin={kin} lang={lang} size="lg" showName={false} />
        <div className="min-w-0">
          <p className="small text-body-secondary mb-1">{t('about.yourKin')}</p>
          <p className="h4 mb-1">{t('about.kin', { number: kin, name: entity.name })}</p>
          <p className="small mb-2">{t('about.kinText')}</p>
          <Link className="btn btn-sm btn-outline-primary" to={link(`/kin/${kin}`)}>
            {t('about.readKin')}
          </Link>
        </div>
      </div>

      <div className="signature-grid">
        <SignaturePart
          part="seal"
          glyph={<SealGlyph seal={seal} size={56} label={entity.sign.name} />}
          title={t('about.seal', { name: entity.sign.name, number: seal })}
          keywords={names.sealKeywords[seal - 1]}
        >
          <p className="small text-body-secondary">{t('about.sealText', { color: names.colors[entity.color - 1] })}</p>
        </SignaturePart>
        <SignaturePart
          part="tone"
          glyph={<ToneGlyph tone={tone} size={56} label={entity.tone.name} />}
          title={t('about.tone', { name: entity.tone.name, number: tone })}
          keywords={names.toneKeywords[tone - 1]}
        >
          <p className="small text-body-secondary">{t('about.toneText')}</p>
        </SignaturePart>
        <SignaturePart
          part="wave"
          glyph={<SealGlyph seal={waveSeal.number} size={56} label={waveSeal.name} />}
          title={t('about.wave', { name: entity.waveSpell.name, number: entity.waveSpell.number })}
        >
          <p className="small text-body-secondary mb-2">
            {t('about.waveText', { day: tone, first: waveFirst, castle: castle.name })}
          </p>
          <Link className="small" to={link(`/trecena/${entity.waveSpell.number}`)}>
            {t('about.openWave')}
          </Link>
        </SignaturePart>
      </div>

      <section className="settings-card mt-3" data-testid="signature-oracle">
        <h2 className="h6 mb-1">{t('about.oracle')}</h2>
        <p className="small text-body-secondary mb-2">{t('about.oracleText')}</p>
        <ul className="small signature-oracle-roles mb-0">
          <li>{t('about.guide', { kin: entity.oracle.driver })}</li>
          <li>{t('about.analog', { kin: entity.oracle.analog })}</li>
          <li>{t('about.antipode', { kin: entity.oracle.antipod })}</li>
          <li>{t('about.occult', { kin: entity.oracle.occult })}</li>
        </ul>
        <OracleCross kin={entity} lang={lang} testId="signature-cross" />
        <Link className="small d-inline-block mt-2" to={link(`/context/${birthDate.slice(0, 10)}`)}>
          {t('about.openDay')}
        </Link>
      </section>
    </>
  );
}

/** /account/about: the user's galactic signature, the kin of their birth date, explained part by part. */
export default function AboutSignaturePage() {
  const { t } = useTranslation('growth');
  usePageTitle(t('about.title'));
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const { user } = useSession();
  const kin = kinOfBirth(user?.birth_date);
  return (
    <AccountLayout>
      <h1 className="h4 mb-1">{t('about.title')}</h1>
      <p className="text-body-secondary small">{t('about.intro')}</p>
      {kin && user?.birth_date ? (
        <Signature kin={kin} birthDate={user.birth_date} lang={lang} />
      ) : (
        <ActionCard
          text={t('about.noBirthDate')}
          to={localizedPath(lang, '/account')}
          action={t('about.addBirthDate')}
          data-testid="signature-missing"
        />
      )}
      <p className="small mt-4 mb-0">
        <Link to={localizedPath(lang, '/account/brand-elements')}>{t('about.brandLink')}</Link>
      </p>
    </AccountLayout>
  );
}
