import { calendarNames, castleEntity, castleOfKin, kinEntity, kinOfDate, parseDate } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { ApiRequestError, api } from '../../lib/api.ts';
import { formatters, type Language, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useSession } from '../auth/session.ts';
import { KinCycles } from './Synchronometer.tsx';

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

/** A kin number as typed or in the address: an integer from 1 to 260, 'required' when empty, else 'invalid'. */
export function readKinNumber(text: string | undefined): number | 'required' | 'invalid' {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return 'required';
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 260 ? n : 'invalid';
}

/** The kin /kin shows without a number: the signed-in reader's birth kin, else the kin of the selected day. */
function useDefaultKin(lang: Language): { kin: number; caption: string } {
  const { t } = useTranslation();
  const session = useSession();
  const selected = useSelectedDate();
  const birth = session.status === 'authenticated' ? session.user?.birth_date : null;
  if (birth) {
    try {
      return { kin: kinOfDate(parseDate(birth.slice(0, 10))), caption: t('kinPage.yours') };
    } catch {
      // A birth date the engine cannot read falls back to the day's kin.
    }
  }
  const { year, month, day } = selected.date;
  return {
    kin: kinOfDate(selected.date),
    caption: t('kinPage.ofDay', { date: formatters(lang).date(new Date(year, month - 1, day)) }),
  };
}

/** Opens a kin by its number; an empty or out-of-range number is said under the field. */
function KinPicker({ lang, current }: { lang: Language; current: number | null }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What the field holds as the form is sent, even if its last keystroke has not rendered yet.
    const read = readKinNumber(field.current?.value ?? value);
    if (typeof read !== 'number') {
      setProblem(read);
      return;
    }
    setProblem(null);
    setValue('');
    navigate(localizedPath(lang, `/kin/${read}`));
  };
  const step = (by: number) =>
    current !== null && navigate(localizedPath(lang, `/kin/${((current - 1 + by + 260) % 260) + 1}`));
  return (
    <form className="kin-picker" onSubmit={submit} noValidate data-testid="kin-picker">
      <label className="form-label" htmlFor={`${id}-number`}>
        {t('kinPage.number')}
      </label>
      <div className="kin-picker-row">
        {current !== null && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => step(-1)}
            data-testid="kin-previous"
          >
            <span className="kin-step" aria-hidden="true">
              ‹
            </span>
            <span className="visually-hidden">{t('kinPage.previous')}</span>
          </button>
        )}
        <input
          id={`${id}-number`}
          ref={field}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={260}
          placeholder={current === null ? '1–260' : String(current)}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid="kin-picker-number"
        />
        <button type="submit" className="btn btn-primary text-nowrap" data-testid="kin-picker-open">
          {t('kinPage.open')}
        </button>
        {current !== null && (
          <button type="button" className="btn btn-outline-secondary" onClick={() => step(1)} data-testid="kin-next">
            <span className="kin-step" aria-hidden="true">
              ›
            </span>
            <span className="visually-hidden">{t('kinPage.next')}</span>
          </button>
        )}
      </div>
      {problem && (
        <div id={`${id}-problem`} className="invalid-feedback d-block" data-testid="kin-picker-problem">
          {t(problem === 'required' ? 'kinPage.required' : 'kinPage.invalid')}
        </div>
      )}
    </form>
  );
}

/**
 * A kin: name, tone, seal, number, wavespell, castle and colour, with a picker to open another by number. Without a
 * number it is the reader's birth kin when signed in, else the kin of the selected day (today unless changed).
 */
export default function KinPage() {
  const { t } = useTranslation();
  const { kinNumber } = useRouteParams();
  const lang = usePathLanguage();
  const fallback = useDefaultKin(lang);
  const read = kinNumber === undefined ? fallback.kin : readKinNumber(kinNumber);
  const valid = typeof read === 'number';
  usePageTitle(valid ? `${t('today.kin')} ${read} · ${kinEntity(read, lang).name}` : t('pages.kin'));
  const record = useKinRecord(valid ? read : 0, lang, valid);
  if (!valid) {
    return (
      <article className="kin-page">
        <p className="alert alert-danger" role="alert" data-testid="kin-error">
          {t('kinPage.invalid')}
        </p>
        <KinPicker lang={lang} current={null} />
      </article>
    );
  }
  const n = read;
  const offline = record.error instanceof ApiRequestError && record.error.status === 0;
  if ((record.error && !offline) || (record.isSuccess && !record.data?.tone)) {
    return (
      <article className="kin-page">
        <div className="alert alert-danger" role="alert" data-testid="kin-error">
          <p className="mb-2">{t('kinErrors.loadFailed')}</p>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void record.refetch()}>
            {t('contentErrors.retry')}
          </button>
        </div>
        <KinPicker lang={lang} current={n} />
      </article>
    );
  }
  const kin = record.data ?? kinEntity(n, lang);
  return (
    <article className="kin-page">
      {kinNumber === undefined && (
        <p className="text-body-secondary mb-2" data-testid="kin-caption">
          {fallback.caption}
        </p>
      )}
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
          <dd>
            <Link to={localizedPath(lang, `/trecena/${kin.waveSpell.number}`)} data-testid="kin-wavespell">
              {kin.waveSpell.name}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('today.castle')}</dt>
          <dd>
            <Link to={localizedPath(lang, `/castle/${castleOfKin(n)}`)} data-testid="kin-castle">
              {castleEntity(n, lang).name}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('today.color')}</dt>
          <dd>{calendarNames(lang).colors[kin.color - 1]}</dd>
        </div>
      </dl>
      <KinCycles kin={kinEntity(n, lang)} />
      <KinPicker lang={lang} current={n} />
    </article>
  );
}
