import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatters, type Language, localizedPath } from '../lib/languages.ts';
import type { OwnedProgramme } from '../lib/owned-programmes.ts';
import './owned-programme.css';

/** A day YYYY-MM-DD as the language writes it (noon local time, so no time zone moves it). */
const dayText = (lang: Language, iso: string) => formatters(lang).date(new Date(`${iso}T12:00:00`), 'long');

/** The 13- and 260-day programmes start on the next Magnetic day; 13 Moons starts when it is paid. */
const startsOnMagneticDay = (programme: OwnedProgramme) => programme.level <= 2;

/** Where a programme stands: the days to its start, the day under way, or the day it ended. */
export function ProgrammeProgress({ programme, lang }: { programme: OwnedProgramme; lang: Language }) {
  const { t } = useTranslation('subscription');
  const format = formatters(lang);
  const start = dayText(lang, programme.starts_on);
  const end = dayText(lang, programme.ends_on);
  if (programme.state === 'upcoming') {
    return (
      <>
        <p className="mb-1" data-testid="programme-start">
          {startsOnMagneticDay(programme)
            ? t('programmes.startsMagnetic', { date: start })
            : t('programmes.startsOn', { date: start })}
        </p>
        <p className="programme-countdown mb-1" data-testid="programme-countdown">
          {t('programmes.countdown', { count: programme.days_to_start, n: format.number(programme.days_to_start) })}
        </p>
        <p className="small text-body-secondary mb-0">{t('programmes.endsOn', { date: end })}</p>
      </>
    );
  }
  if (programme.state === 'running') {
    return (
      <>
        <p className="programme-countdown mb-1" data-testid="programme-day">
          {t('programmes.day', { day: format.number(programme.day ?? 1), days: format.number(programme.days) })}
        </p>
        <p className="small text-body-secondary mb-0">
          {t('programmes.began', { date: start })} · {t('programmes.endsOn', { date: end })}
        </p>
      </>
    );
  }
  return <p className="small text-body-secondary mb-0">{t('programmes.endedOn', { date: end })}</p>;
}

/** One programme the user owns, as a card: its name, its state, and its dates. */
export function ProgrammeCard({
  programme,
  lang,
  processLink = false,
  heading: Heading = 'h2',
}: {
  programme: OwnedProgramme;
  lang: Language;
  /** Offer the way to the day's process while the programme runs. */
  processLink?: boolean;
  /** The level of the programme's name: below a page's own list heading, h3. */
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('subscription');
  return (
    <section
      className={`settings-card owned-programme owned-programme-${programme.state}`}
      aria-labelledby={`programme-${programme.id}`}
      data-testid="owned-programme"
      data-state={programme.state}
      data-product={programme.product_id}
    >
      <div className="d-flex justify-content-between align-items-baseline gap-2 flex-wrap">
        <Heading className="h6 mb-1" id={`programme-${programme.id}`}>
          {programme.name}
        </Heading>
        <span className="badge owned-programme-state">{t(`programmes.state.${programme.state}`)}</span>
      </div>
      <ProgrammeProgress programme={programme} lang={lang} />
      {processLink && programme.state === 'running' && (
        <Link className="btn btn-sm btn-primary mt-2" to={localizedPath(lang, '/process')}>
          {t('programmes.open')}
        </Link>
      )}
    </section>
  );
}

/** In place of Buy: the buyer already owns this programme, and when it starts or which day it is on. */
export function OwnedNotice({ programme, lang }: { programme: OwnedProgramme; lang: Language }) {
  const { t } = useTranslation('subscription');
  const format = formatters(lang);
  return (
    <p className="owned-notice mb-0" data-testid="owned-notice" role="status">
      {programme.state === 'running'
        ? t('programmes.ownedDay', { day: format.number(programme.day ?? 1), days: format.number(programme.days) })
        : t('programmes.ownedStarts', { date: dayText(lang, programme.starts_on) })}
    </p>
  );
}
