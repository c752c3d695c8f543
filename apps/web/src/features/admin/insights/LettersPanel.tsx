import {
  LETTER_BODY_MAX,
  LETTER_SUBJECT_MAX,
  LETTER_TOPICS,
  type Letter,
  type LetterDraft,
  type LetterTopic,
} from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, api } from '../../../lib/api.ts';
import { isLanguage, isRightToLeft, LANGUAGE_CONFIG, LANGUAGES, type Language } from '../../../lib/languages.ts';
import { ReasonDialog } from '../core/shared.tsx';
import { ADMIN_QUERY_KEY, queryString, useAdminData } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect } from '../ui/fields.tsx';
import { Failed } from '../ui/states.tsx';

const LIMIT = 20;
/** While a letter is still going out, its counts are read again this often. */
const SENDING_REFRESH_MS = 3_000;

/** The readers a letter of a topic and language would reach right now. */
interface Audience {
  topic: LetterTopic;
  lang: Language;
  audience: number;
}

/** The letters part of the email page: writing a letter to a topic's readers, and the letters sent so far. */
export function LettersPanel() {
  return (
    <div data-testid="letters">
      <LetterForm />
      <LetterList />
    </div>
  );
}

/**
 * A letter to the readers of one topic of one language's list: its count of readers is shown as it stands now, a
 * test goes to the administrator's own address, and sending asks for a confirmation of that count first.
 */
function LetterForm() {
  const { t, i18n } = useTranslation('insights');
  const queryClient = useQueryClient();
  const id = useId();
  const [topic, setTopic] = useState<LetterTopic>('product_news');
  // The list of the language the administrator reads the page in, to begin with.
  const [lang, setLang] = useState<Language>(() => (isLanguage(i18n.language) ? i18n.language : 'ru'));
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  /** The count of readers the administrator is asked to confirm, while the confirmation is open. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const audience = useAdminData<Audience>(`/admin/letters/audience${queryString({ topic, lang })}`);
  const draft: LetterDraft = { topic, lang, subject: subject.trim(), body: body.trim() };
  const filled = draft.subject !== '' && draft.body !== '';
  const readers = audience.data?.audience ?? 0;
  const test = useMutation({
    mutationFn: (letter: LetterDraft) =>
      api<{ data: { sentTo: string } }>('/admin/letters/test', { method: 'POST', body: letter }),
  });

  /** A change of the letter makes the earlier test and message stale. */
  const edited = () => {
    if (!test.isIdle) test.reset();
    setNotice(null);
  };

  const send = async (reason: string, confirmed: number) => {
    try {
      await api<{ data: Letter }>('/admin/letters', {
        method: 'POST',
        body: { ...draft, audience: confirmed, ...(reason ? { reason } : {}) },
      });
    } catch (error) {
      // The readers changed since the count was shown: the confirmation closes, and the new count is read.
      if (error instanceof ApiRequestError && (error.code === 'AUDIENCE_CHANGED' || error.code === 'NO_AUDIENCE')) {
        setNotice({
          tone: 'warning',
          text: t(error.code === 'AUDIENCE_CHANGED' ? 'letters.audienceChanged' : 'letters.noAudience'),
        });
        void audience.refetch();
        return;
      }
      throw error;
    }
    setSubject('');
    setBody('');
    test.reset();
    setNotice({ tone: 'success', text: t('letters.queued', { count: confirmed }) });
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  };

  const textDirection = isRightToLeft(lang) ? 'rtl' : 'ltr';
  const rateLimited = test.error instanceof ApiRequestError && test.error.code === 'RATE_LIMITED';
  // The confirmation is a form of its own, so it stays outside the letter's form.
  return (
    <>
      <form
        className="card card-body mb-3"
        data-testid="letter-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (filled && readers > 0) setConfirming(readers);
        }}
      >
        <p className="small text-body-secondary">{t('letters.help')}</p>
        <div className="row g-2 mb-2">
          <div className="col-12 col-sm-6 col-lg-4">
            <label className="form-label small mb-0" htmlFor={`${id}-topic`}>
              {t('letters.topic')}
            </label>
            <select
              id={`${id}-topic`}
              className="form-select form-select-sm"
              data-testid="letter-topic"
              value={topic}
              onChange={(event) => {
                setTopic(event.target.value as LetterTopic);
                edited();
              }}
            >
              {LETTER_TOPICS.map((value) => (
                <option key={value} value={value}>
                  {t(`letters.topics.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-sm-6 col-lg-4">
            <label className="form-label small mb-0" htmlFor={`${id}-lang`}>
              {t('letters.language')}
            </label>
            <select
              id={`${id}-lang`}
              className="form-select form-select-sm"
              data-testid="letter-lang"
              value={lang}
              onChange={(event) => {
                setLang(event.target.value as Language);
                edited();
              }}
            >
              {LANGUAGES.map((value) => (
                <option key={value} value={value}>
                  {LANGUAGE_CONFIG[value].nativeName}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12">
            <label className="form-label small mb-0" htmlFor={`${id}-subject`}>
              {t('letters.subject')}
            </label>
            {/* The letter is written in its list's language, which may run the other way than the page. */}
            <input
              id={`${id}-subject`}
              className="form-control"
              data-testid="letter-subject"
              lang={lang}
              dir={textDirection}
              maxLength={LETTER_SUBJECT_MAX}
              value={subject}
              onChange={(event) => {
                setSubject(event.target.value);
                edited();
              }}
            />
          </div>
          <div className="col-12">
            <label className="form-label small mb-0" htmlFor={`${id}-body`}>
              {t('letters.body')}
            </label>
            <textarea
              id={`${id}-body`}
              className="form-control"
              data-testid="letter-body"
              lang={lang}
              dir={textDirection}
              rows={10}
              maxLength={LETTER_BODY_MAX}
              aria-describedby={`${id}-hint`}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                edited();
              }}
            />
            <div className="d-flex flex-wrap gap-2 small text-body-secondary mt-1">
              <span id={`${id}-hint`} className="me-auto">
                {t('letters.bodyHint')}
              </span>
              <span className="text-nowrap" dir="ltr">
                {body.length} / {LETTER_BODY_MAX}
              </span>
            </div>
          </div>
        </div>
        <p
          className="mb-2 fw-semibold"
          data-testid="letter-audience"
          data-count={audience.data ? String(readers) : undefined}
          aria-live="polite"
        >
          {audience.isPending
            ? t('letters.counting')
            : audience.isError
              ? null
              : t('letters.audience', { count: readers })}
        </p>
        {audience.isError && <Failed error={audience.error} retry={() => void audience.refetch()} />}
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-outline-primary"
            data-testid="letter-test"
            disabled={!filled || test.isPending}
            onClick={() => test.mutate(draft)}
          >
            {t('letters.test')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="letter-send"
            disabled={!filled || readers === 0 || audience.isPending}
          >
            {t('letters.send', { count: readers })}
          </button>
        </div>
        {test.isSuccess && (
          <div className="alert alert-success py-2 mt-2 mb-0 text-break" role="status" data-testid="letter-test-sent">
            {t('letters.testSent', { email: test.data.data.sentTo })}
          </div>
        )}
        {test.isError &&
          (rateLimited ? (
            <div className="alert alert-warning py-2 mt-2 mb-0" role="alert">
              {t('letters.testTooMany')}
            </div>
          ) : (
            <div className="mt-2">
              <Failed error={test.error} />
            </div>
          ))}
        {notice && (
          <div
            className={`alert alert-${notice.tone} py-2 mt-2 mb-0`}
            role={notice.tone === 'success' ? 'status' : 'alert'}
            data-testid="letter-notice"
          >
            {notice.text}
          </div>
        )}
      </form>
      {confirming !== null && (
        <ReasonDialog
          title={t('letters.confirmTitle')}
          confirm={t('letters.confirm')}
          reasonRequired={false}
          onClose={() => setConfirming(null)}
          onConfirm={(reason) => send(reason, confirming)}
        >
          <p className="mb-1">{t('letters.confirmText', { count: confirming })}</p>
          <dl className="small mb-0">
            <dt>{t('letters.topic')}</dt>
            <dd>
              {t(`letters.topics.${topic}`)} · {LANGUAGE_CONFIG[lang].nativeName}
            </dd>
            <dt>{t('letters.subject')}</dt>
            <dd className="text-break" lang={lang} dir="auto">
              {draft.subject}
            </dd>
          </dl>
        </ReasonDialog>
      )}
    </>
  );
}

/** The letters sent so far, newest first, by topic and language; read again while one is still going out. */
function LetterList() {
  const { t, i18n } = useTranslation('insights');
  const dateTime = (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime())
      ? value
      : date.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  };
  const list = useList<Letter, { topic: string; lang: string }>({
    path: '/admin/letters',
    filters: { topic: '', lang: '' },
    limit: LIMIT,
  });
  const sending = list.query.data?.data.some((row) => row.status === 'sending') ?? false;
  const { refetch } = list.query;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void refetch(), SENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, refetch]);
  const columns: Column<Letter>[] = [
    { header: 'letters.date', cell: (row) => <bdi>{dateTime(row.createdAt)}</bdi> },
    { header: 'letters.topic', cell: (row) => t(`letters.topics.${row.topic}`), minWidth: '8rem' },
    { header: 'letters.language', cell: (row) => LANGUAGE_CONFIG[row.lang].nativeName, className: 'text-nowrap' },
    {
      header: 'letters.subject',
      cell: (row) => (
        <span lang={row.lang} dir="auto">
          {row.subject}
        </span>
      ),
      className: 'text-break',
      minWidth: '12rem',
    },
    {
      header: 'letters.status',
      cell: (row) => (
        <span className={`badge ${row.status === 'sent' ? 'text-bg-success' : 'text-bg-info'}`}>
          {t(`letters.statuses.${row.status}`)}
        </span>
      ),
    },
    {
      header: 'letters.delivered',
      cell: (row) => (
        <span dir="ltr" data-testid="letter-sent">
          {row.sent} / {row.audience}
        </span>
      ),
      className: 'text-nowrap',
      end: true,
    },
    { header: 'letters.skipped', cell: (row) => row.skipped, end: true },
    { header: 'letters.author', cell: (row) => row.createdByEmail ?? '—', className: 'text-break', minWidth: '8rem' },
  ];

  return (
    <div data-testid="letter-list">
      <h3 className="h6">{t('letters.sent')}</h3>
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'letter-row', 'data-status': row.status })}
        ns="insights"
        testId="letters-table"
        csvName="letters"
        empty={t('letters.none')}
        fold={false}
        filters={
          <>
            <Field label={t('letters.topic')}>
              <FilterSelect
                value={list.filters.topic}
                onChange={(topic) => list.setFilters({ topic })}
                options={LETTER_TOPICS.map((value) => [value, t(`letters.topics.${value}`)] as const)}
              />
            </Field>
            <Field label={t('letters.language')}>
              <FilterSelect
                value={list.filters.lang}
                onChange={(lang) => list.setFilters({ lang })}
                options={LANGUAGES.map((value) => [value, LANGUAGE_CONFIG[value].nativeName] as const)}
              />
            </Field>
          </>
        }
      />
    </div>
  );
}
