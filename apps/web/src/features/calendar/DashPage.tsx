import {
  addDreamspellDays,
  calendarDay,
  type Kin,
  kinEntity,
  type Language,
  parseDate,
  sealOfKin,
} from '@hunab/calendar';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { OracleCross } from '../../components/glyphs/OracleCross.tsx';
import { ProgrammeCard } from '../../components/OwnedProgramme.tsx';
import { ReadingView } from '../../components/ReadingView.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { api } from '../../lib/api.ts';
import { birthDateFromUrl, dashAsksBirthDate, encodeBirthDate } from '../../lib/birth-date.ts';
import { formatters, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { heldProgrammes, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useReading } from '../../lib/use-reading.ts';
import { type SessionUser, updateSessionUser, useSession } from '../auth/session.ts';
import { DayShare, KinSummary } from './KinSummary.tsx';
import { MoonToday, PsiKinCard } from './Synchronometer.tsx';
import { useOpenContext } from './useMatrixDate.ts';

const TABS = ['seal', 'tone', 'oracle', 'veintena'] as const;
type Tab = (typeof TABS)[number];

function BirthDatePrompt({ onSaved }: { onSaved(date: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const reply = await api<{ user: SessionUser }>('/user/me/birth-date', {
        method: 'PUT',
        body: { birthDate: value },
      });
      updateSessionUser(reply.user);
      onSaved(value);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <form className="settings-card" onSubmit={submit} data-testid="birth-date-prompt">
      <h2 className="h5">{t('dash.promptTitle')}</h2>
      <p className="text-body-secondary small">{t('dash.promptText')}</p>
      <div className="d-flex gap-2 flex-wrap">
        <input
          type="date"
          className="form-control w-auto"
          min="1900-01-01"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-label={t('account.birthDate')}
          required
        />
        <button type="submit" className="btn btn-primary text-nowrap" disabled={value.length !== 10}>
          {t('account.save')}
        </button>
      </div>
      {error && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function TabView({ tab, kin, lang, date }: { tab: Tab; kin: Kin; lang: Language; date: ReturnType<typeof parseDate> }) {
  const seal = useReading('signs', kin.sign.number, lang);
  const tone = useReading('tones', kin.tone.number, lang);
  const open = useOpenContext(lang);
  if (tab === 'seal') return seal.data ? <ReadingView reading={seal.data} watermark="Hunab" /> : null;
  if (tab === 'tone') return tone.data ? <ReadingView reading={tone.data} watermark="Hunab" /> : null;
  if (tab === 'oracle') return <OracleCross kin={kin} lang={lang} testId="dash-oracle" />;
  // The veintena: the twenty days from the Red Dragon to the Yellow Sun around the day.
  const first = addDreamspellDays(date, 1 - sealOfKin(kin.number));
  const days = Array.from({ length: 20 }, (_, i) => addDreamspellDays(first, i));
  return (
    <div className="veintena-grid mt-3" data-testid="dash-veintena">
      {days.map((day) => {
        const n = calendarDay(day).kin.number;
        return <KinCard key={n} kin={n} lang={lang} size="md" selected={n === kin.number} onClick={() => open(day)} />;
      })}
    </div>
  );
}

/** The dashboard: the day's kin with the seal, tone, oracle and veintena views, and the birth kin when known. */
export default function DashPage() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const lang = languageOfPath(pathname);
  const session = useSession();
  const { date, isToday } = useSelectedDate();
  usePageTitle(t('pages.dash'));
  const query = new URLSearchParams(search);
  const tab: Tab = (TABS as readonly string[]).includes(query.get('tab') ?? '') ? (query.get('tab') as Tab) : 'seal';
  const birthDate = birthDateFromUrl(hash, search) ?? session.user?.birth_date ?? null;
  const askBirthDate = dashAsksBirthDate(
    session.status === 'authenticated',
    session.user?.birth_date ?? null,
    hash,
    search,
  );

  const day = calendarDay(date, lang);
  const formatted = formatters(lang).date(new Date(date.year, date.month - 1, date.day), 'full');
  const owned = useOwnedProgrammes(
    session.status === 'authenticated' && session.user && !session.user.isOfflineUser ? String(session.user.id) : null,
    lang,
  );
  const birthKin = birthDate ? kinEntity(calendarDay(parseDate(birthDate)).kin.number, lang) : null;

  // From 1200 px the day and the birth kin take one column and the views the other (styles.css, .dash-columns).
  return (
    <div className="dash-columns">
      <div className="dash-day">
        <p className="today-date text-body-secondary" data-testid="today-date">
          {isToday ? `${t('today.title')} · ` : ''}
          <time dateTime={day.date}>{formatted}</time>
        </p>
        {askBirthDate && (
          <BirthDatePrompt onSaved={(saved) => navigate(`${pathname}#${encodeBirthDate(saved)}`, { replace: true })} />
        )}
        {heldProgrammes(owned.data).map((programme) => (
          <ProgrammeCard key={programme.id} programme={programme} lang={lang} processLink />
        ))}
        <KinSummary day={day} lang={lang} />
        <DayShare day={day} lang={lang} />
        <PsiKinCard day={day} lang={lang} />
        <MoonToday date={date} lang={lang} />
        {birthKin && birthDate && (
          <section className="settings-card mt-3 d-flex align-items-center gap-3" data-testid="birth-kin">
            <KinCard kin={birthKin.number} lang={lang} size="md" />
            <div>
              <p className="small text-body-secondary mb-1">{t('dash.birthKin', { date: birthDate })}</p>
              <p className="mb-1 fw-semibold">{birthKin.name}</p>
              <Link to={`${localizedPath(lang, '/dash/cycles')}#${encodeBirthDate(birthDate)}`}>
                {t('dash.cycles')}
              </Link>
              {' · '}
              <Link to={`${localizedPath(lang, '/compat')}?a=${birthDate}`} data-testid="dash-compat">
                {t('pages.compat')}
              </Link>
              <div className="mt-2">
                <ShareButton
                  image={`/api/share/kin/${birthKin.number}.png?lang=${lang}&birth=${birthDate}`}
                  fileName={`hunab-kin-${birthKin.number}.png`}
                  title={birthKin.name}
                />
              </div>
            </div>
          </section>
        )}
      </div>
      <div className="dash-views">
        <nav className="matrix-menu dash-views-menu" aria-label={t('dash.views')}>
          {TABS.map((name) => (
            <Link
              key={name}
              to={`${pathname}?tab=${name}${hash}`}
              className={tab === name ? 'active' : undefined}
              aria-current={tab === name ? 'page' : undefined}
            >
              {t(`dash.tab.${name}`)}
            </Link>
          ))}
        </nav>
        <TabView tab={tab} kin={day.kin} lang={lang} date={date} />
      </div>
    </div>
  );
}
