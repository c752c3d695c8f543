import { addDays, calendarDay, calendarNames, formatDate, type Language, parseDate } from '@hunab/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ProgrammeCard } from '../../components/OwnedProgramme.tsx';
import { PageRedirect } from '../../components/PageRedirect.tsx';
import { ReadingView } from '../../components/ReadingView.tsx';
import { useSimulatedAccess } from '../../lib/access-simulation.ts';
import { ApiRequestError, api } from '../../lib/api.ts';
import { formatters, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { heldProgrammes, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { simulateProcessAccess } from '../../lib/process-simulation.ts';
import { loadProcess, type ProcessAccess, type ProcessItem, readerToday } from '../../lib/readings.ts';
import { useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useReading } from '../../lib/use-reading.ts';
import { useSession } from '../auth/session.ts';

function Answer({
  item,
  tone,
  lang,
  kept,
  signedIn,
}: {
  item: ProcessItem;
  tone: number;
  lang: Language;
  kept?: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(kept ?? '');
  const [state, setState] = useState<'idle' | 'sending' | 'saved' | 'failed'>('idle');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setState('sending');
    try {
      await api('/content/submit-response', {
        method: 'POST',
        body: {
          questionId: item.content_id,
          response: value,
          cycleType: '13days',
          cycleValue: tone,
          lang,
          today: readerToday(),
        },
      });
      setState('saved');
      void queryClient.invalidateQueries({ queryKey: ['personal', 'responses', tone] });
    } catch (error) {
      setState('failed');
      if (!(error instanceof ApiRequestError)) throw error;
      window.alert('Ошибка при отправке ответа. Попробуйте еще раз.');
    }
  };
  const id = `answer-${item.content_id}`;
  return (
    <form className="process-question" onSubmit={submit}>
      <label className="form-label fw-semibold" htmlFor={item.type_app === 'poll' ? undefined : id} id={`${id}-label`}>
        {item.text}
      </label>
      {item.type_app === 'poll' ? (
        <div role="radiogroup" aria-labelledby={`${id}-label`}>
          {(item.options ?? []).map((option) => (
            <div className="form-check" key={option}>
              <input
                className="form-check-input"
                type="radio"
                id={`${id}-${option}`}
                name={id}
                value={option}
                checked={value === option}
                onChange={() => setValue(option)}
                disabled={!signedIn}
              />
              <label className="form-check-label" htmlFor={`${id}-${option}`}>
                {option}
              </label>
            </div>
          ))}
        </div>
      ) : (
        <textarea
          id={id}
          className="form-control"
          rows={3}
          maxLength={5000}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          disabled={!signedIn}
        />
      )}
      {signedIn && (
        <div className="d-flex align-items-center gap-2 mt-2">
          <button type="submit" className="btn btn-sm btn-primary" disabled={state === 'sending' || !value.trim()}>
            {t('process.send')}
          </button>
          {state === 'saved' && <span className="small text-success">{t('process.saved')}</span>}
        </div>
      )}
    </form>
  );
}

/** Why a day of the process is closed to this reader, and the way to open it. */
function ProcessLocked({ access, lang }: { access: ProcessAccess; lang: Language }) {
  const { t } = useTranslation();
  const format = formatters(lang);
  const when = access.targetDate ? format.date(new Date(`${access.targetDate}T12:00:00`), 'long') : '';
  return (
    <section className="settings-card mt-4" data-testid="process-locked" data-status={access.status}>
      <h2 className="h6">{t(`process.locked.${access.status}.title`)}</h2>
      <p className="mb-2">
        {t(`process.locked.${access.status}.text`, { date: when, tones: access.openTones.join(', ') })}
      </p>
      {access.status === 'no_access' ? (
        <Link className="btn btn-primary btn-sm" to={localizedPath(lang, '/login')}>
          {t('header.login')}
        </Link>
      ) : access.status !== 'waiting_activation' ? (
        <Link
          className="btn btn-primary btn-sm"
          to={localizedPath(lang, '/subscription?source=process&reason=content_cta')}
        >
          {t('process.locked.subscribe')}
        </Link>
      ) : null}
    </section>
  );
}

/** The tone of the day: its reading, and the 13-day process assignment, questions and polls for that tone. */
export default function ProcessPage() {
  const { t } = useTranslation();
  const { toneId } = useRouteParams();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const { date } = useSelectedDate();
  const tone = Number(toneId);
  const valid = Number.isInteger(tone) && tone >= 1 && tone <= 13;
  const todayTone = calendarDay(date, lang).kin.tone.number;
  const reading = useReading('tones', valid ? tone : todayTone, lang);
  const reader = session.user?.id ?? null;
  const owned = useOwnedProgrammes(signedIn && !session.user?.isOfflineUser ? String(reader) : null, lang);
  const held = heldProgrammes(owned.data);
  const day = useQuery({
    queryKey: ['process', tone, lang, reader],
    queryFn: () => loadProcess(tone, lang, reader),
    enabled: valid,
  });
  // An administrator's simulated access (the admin popover) shows the day as that reader would see it.
  const simulated = useSimulatedAccess(!!session.user?.is_admin);
  const served = day.data?.access;
  const tomorrow = formatDate(addDays(parseDate(readerToday()), 1));
  const access = served && simulated ? simulateProcessAccess(simulated, served, tone, tomorrow) : served;
  // The server sends a closed day's items to an administrator only: a simulated closed day hides them too.
  const items = { data: simulated && access?.status !== 'allowed' ? undefined : day.data?.items };
  const kept = useQuery({
    queryKey: ['personal', 'responses', tone],
    queryFn: () =>
      api<{ responses: { questionId: string; response: string }[] }>(
        `/content/responses?cycleType=13days&cycleValue=${tone}`,
      ),
    enabled: valid && signedIn,
  });
  const toneTitle = valid ? t('process.toneTitle', { number: tone, name: calendarNames(lang).tones[tone - 1] }) : '';
  usePageTitle(valid ? toneTitle : t('pages.process'));
  if (!valid) return <PageRedirect to={localizedPath(lang, `/process/${todayTone}`)} />;

  const answers = new Map((kept.data?.responses ?? []).map((r) => [r.questionId, r.response]));
  const title = items.data?.find((item) => item.content_id.endsWith('_title'));
  const assignment = items.data?.find((item) => item.content_id.endsWith('_assignment'));
  const questions = (items.data ?? []).filter((item) => item.type_app !== 'other');

  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {toneTitle}
      </h1>
      {held.map((programme) => (
        <ProgrammeCard key={programme.id} programme={programme} lang={lang} />
      ))}
      {reading.data && <ReadingView reading={reading.data} watermark="Hunab" />}
      {access && access.status !== 'allowed' && <ProcessLocked access={access} lang={lang} />}
      {items.data && items.data.length > 0 && (
        <section className="process-day mt-4" aria-labelledby="process-title" data-testid="process-day">
          <h2 id="process-title" className="h5">
            {title?.text ?? t('process.day', { tone })}
          </h2>
          {assignment && <p className="process-assignment">{assignment.text}</p>}
          {!signedIn && (
            <p className="small text-body-secondary">
              <Link to={localizedPath(lang, '/login')}>{t('header.login')}</Link> · {t('process.signInToAnswer')}
            </p>
          )}
          {questions.map((item) => (
            <Answer
              key={`${item.content_id}-${answers.get(item.content_id) ?? ''}`}
              item={item}
              tone={tone}
              lang={lang}
              kept={answers.get(item.content_id)}
              signedIn={signedIn}
            />
          ))}
        </section>
      )}
    </>
  );
}
