import { calendarDay, calendarNames, formatDate, parseDate, today } from '@hunab/calendar';
import {
  JOURNAL_FREE_LIMIT,
  JOURNAL_MOODS,
  JOURNAL_TAG_MAX,
  JOURNAL_TAGS_MAX,
  JOURNAL_TEXT_MAX,
  type JournalEntry,
  normalizeTag,
} from '@hunab/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { FormField, TextAreaField } from '../../components/FormField.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import {
  deleteAll,
  deleteEntry,
  downloadExport,
  fetchEntry,
  fetchJournal,
  JOURNAL_KEYS,
  type JournalFilters,
  saveEntry,
} from './api.ts';
import './journal.css';

/** A mood drawn as a small face whose mouth curves from down (1) to up (5): no emoji font needed. */
function MoodFace({ mood, size = 22 }: { mood: number; size?: number }) {
  const curve = 13 + (mood - 3) * 2.5;
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" className="mood-face">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="7" cy="8" r="1.1" fill="currentColor" />
      <circle cx="13" cy="8" r="1.1" fill="currentColor" />
      <path d={`M6 13 Q10 ${curve} 14 13`} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** The export formats and the labels of their buttons. */
const EXPORTS = [
  ['md', 'exportMarkdown'],
  ['csv', 'exportCsv'],
] as const;

type Notice = { kind: 'success' | 'danger' | 'warning'; text: string; upgrade?: boolean } | null;

/** The editor of one day: the day's kin, the text, the mood and the tags. */
function DayEditor({ date, onDate }: { date: string; onDate: (date: string) => void }) {
  const { t } = useTranslation('journal');
  const lang = usePathLanguage();
  const queryClient = useQueryClient();
  const entry = useQuery({ queryKey: JOURNAL_KEYS.entry(date), queryFn: () => fetchEntry(date) });
  const [text, setText] = useState('');
  const [mood, setMood] = useState<number | null>(null);
  const [tags, setTags] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const day = calendarDay(parseDate(date), lang);

  useEffect(() => {
    setText(entry.data?.text ?? '');
    setMood(entry.data?.mood ?? null);
    setTags((entry.data?.tags ?? []).join(', '));
  }, [entry.data]);

  const tagList = tags.split(',').map(normalizeTag).filter(Boolean);
  const tagsError =
    tagList.length > JOURNAL_TAGS_MAX
      ? t('tagsTooMany', { max: JOURNAL_TAGS_MAX })
      : tagList.some((tag) => tag.length > JOURNAL_TAG_MAX)
        ? t('tagTooLong', { max: JOURNAL_TAG_MAX })
        : null;
  // Why Save cannot be pressed, said beside it and tied to it for a screen reader.
  const saveBlocked = !text.trim() ? t('saveNeedsText') : tagsError ? t('saveFixTags') : null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: JOURNAL_KEYS.all });
  const save = useMutation({
    mutationFn: () => saveEntry(date, { text, mood, tags: tagList }),
    onSuccess: () => {
      setNotice({ kind: 'success', text: t('saved') });
      return refresh();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'JOURNAL_LIMIT_REACHED') {
        setNotice({ kind: 'warning', text: t('limitReached', { limit: JOURNAL_FREE_LIMIT }), upgrade: true });
      } else setNotice({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('saveFailed') });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteEntry(date),
    onSuccess: () => {
      setNotice({ kind: 'success', text: t('deleted') });
      return refresh();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate();
  };

  return (
    <form className="settings-card journal-editor" onSubmit={submit} data-testid="journal-editor">
      <div className="journal-day">
        <KinCard kin={day.kin.number} lang={lang} size="sm" />
        <div className="min-w-0">
          <label className="form-label small mb-1" htmlFor="journal-date">
            {t('day')}
          </label>
          <input
            id="journal-date"
            type="date"
            className="form-control form-control-sm w-auto"
            value={date}
            max={formatDate(today())}
            min="1000-01-01"
            onChange={(event) => event.target.value && onDate(event.target.value)}
            data-testid="journal-date"
          />
          <p className="small mb-0 mt-1" data-testid="journal-day-kin">
            <span className="num">{t('kin', { kin: day.kin.number })}</span> · {day.kin.name}
            {day.moonName ? ` · ${day.moonName}` : ''}
          </p>
        </div>
      </div>
      <TextAreaField
        className=""
        labelClassName="form-label small"
        id="journal-text"
        label={t('text')}
        rows={5}
        maxLength={JOURNAL_TEXT_MAX}
        value={text}
        onValueChange={setText}
        placeholder={t('placeholder')}
        dir="auto"
        data-testid="journal-text"
      />
      <fieldset className="mt-2">
        <legend className="form-label small mb-1">{t('mood')}</legend>
        <div className="journal-moods">
          {JOURNAL_MOODS.map((value) => (
            <button
              key={value}
              type="button"
              className={`btn btn-sm ${mood === value ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={mood === value}
              aria-label={t(`moods.${value}`)}
              title={t(`moods.${value}`)}
              onClick={() => setMood(mood === value ? null : value)}
              data-testid={`journal-mood-${value}`}
            >
              <MoodFace mood={value} />
            </button>
          ))}
        </div>
      </fieldset>
      <FormField
        className="mt-2"
        labelClassName="form-label small"
        id="journal-tags"
        label={t('tags')}
        value={tags}
        onValueChange={setTags}
        placeholder={t('tagsHint')}
        error={tagsError}
        data-testid="journal-tags"
      />
      <div className="d-flex gap-2 flex-wrap align-items-center mt-3">
        <SubmitButton
          busy={save.isPending}
          disabled={saveBlocked !== null}
          aria-describedby={saveBlocked ? 'journal-save-why' : undefined}
          data-testid="journal-save"
        >
          {t('save')}
        </SubmitButton>
        {entry.data && (
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
            data-testid="journal-delete"
          >
            {t('delete')}
          </button>
        )}
      </div>
      {saveBlocked && (
        <p id="journal-save-why" className="form-text mb-0" data-testid="journal-save-why">
          {saveBlocked}
        </p>
      )}
      {/* Present from the start, so a reader of the screen hears each notice put into it. */}
      <div role="status" aria-live="polite">
        {notice && (
          <p className={`small mt-2 mb-0 text-${notice.kind}-emphasis`} data-testid="journal-notice">
            {notice.text} {notice.upgrade && <Link to={localizedPath(lang, '/subscription')}>{t('upgrade')}</Link>}
          </p>
        )}
      </div>
    </form>
  );
}

function EntryItem({ entry, onOpen }: { entry: JournalEntry; onOpen: (date: string) => void }) {
  const lang = usePathLanguage();
  const format = formatters(lang);
  const day = calendarDay(parseDate(entry.date), lang);
  return (
    <li className="journal-entry" data-testid="journal-entry" data-date={entry.date} data-seal={entry.seal}>
      <button type="button" className="journal-entry-open" onClick={() => onOpen(entry.date)}>
        <KinCard kin={entry.kin} lang={lang} size="sm" />
        <span className="journal-entry-body">
          <span className="journal-entry-head">
            <span className="fw-semibold">{format.date(new Date(`${entry.date}T12:00:00`), 'long')}</span>
            <span className="text-body-secondary small">{day.kin.name}</span>
            {entry.mood ? <MoodFace mood={entry.mood} size={16} /> : null}
          </span>
          <span className="journal-entry-text" dir="auto">
            {entry.text}
          </span>
          {entry.tags.length > 0 && (
            <span className="journal-tags">
              {entry.tags.map((tag) => (
                <bdi key={tag} className="badge text-bg-secondary">
                  #{tag}
                </bdi>
              ))}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/** /journal: a private journal, one entry per day, with the day's kin, filters, search and export. */
export default function JournalPage() {
  const { t } = useTranslation('journal');
  const lang = usePathLanguage();
  const names = calendarNames(lang);
  const queryClient = useQueryClient();
  usePageTitle(t('title'));
  const [date, setDate] = useState(() => formatDate(today()));
  const [filters, setFilters] = useState<JournalFilters>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const list = useQuery({
    queryKey: JOURNAL_KEYS.list(filters, page),
    queryFn: () => fetchJournal(filters, page),
    placeholderData: keepPreviousData,
  });
  const clear = useMutation({
    mutationFn: deleteAll,
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: JOURNAL_KEYS.all });
    },
  });

  const setFilter = (key: keyof JournalFilters, value: string) => {
    setPage(1);
    setFilters((current) => ({ ...current, [key]: value === '' ? undefined : Number(value) }));
  };
  const select = (key: 'seal' | 'tone' | 'wavespell' | 'moon', options: [number, string][]) => (
    <div className="col-6 col-md-3">
      <label className="form-label small mb-1" htmlFor={`journal-filter-${key}`}>
        {t(`filters.${key}`)}
      </label>
      <select
        id={`journal-filter-${key}`}
        className="form-select form-select-sm"
        value={filters[key] ?? ''}
        onChange={(event) => setFilter(key, event.target.value)}
        data-testid={`journal-filter-${key}`}
      >
        <option value="">{t('filters.any')}</option>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
  const limits = list.data?.limits;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / 20)) : 1;

  return (
    <AccountLayout>
      <h1 className="h4 mb-1">{t('title')}</h1>
      <p className="text-body-secondary small">{t('intro')}</p>
      {limits && (
        <p className="small" data-testid="journal-limits">
          {limits.limit === null
            ? t('countUnlimited', { count: limits.count })
            : t('countOfLimit', { count: limits.count, limit: limits.limit })}
        </p>
      )}
      <DayEditor date={date} onDate={setDate} />

      <TitledSection className="settings-card" titleClassName="h6" id="journal-entries-title" title={t('entries')}>
        <div className="row g-2 mb-2">
          {select(
            'seal',
            names.seals.map((name, i) => [i + 1, name]),
          )}
          {select(
            'tone',
            names.tones.map((name, i) => [i + 1, `${i + 1} · ${name}`]),
          )}
          {select(
            'wavespell',
            names.wavespells.map((name, i) => [i + 1, name]),
          )}
          {select('moon', [
            ...names.moons.map((name, i): [number, string] => [i + 1, name]),
            [0, t('filters.outOfMoons')],
          ])}
        </div>
        <form
          className="d-flex gap-2 mb-3"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setFilters((current) => ({ ...current, q: search.trim() || undefined }));
          }}
        >
          <input
            type="search"
            className="form-control form-control-sm"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('search')}
            aria-label={t('search')}
            data-testid="journal-search"
          />
          <button type="submit" className="btn btn-sm btn-outline-primary text-nowrap">
            {t('find')}
          </button>
        </form>
        {list.data && list.data.total === 0 && (
          <p className="text-body-secondary" data-testid="journal-empty">
            {Object.values(filters).some((value) => value !== undefined) ? t('noMatches') : t('empty')}
          </p>
        )}
        <ul className="journal-list" data-testid="journal-list">
          {list.data?.data.map((entry) => (
            <EntryItem key={entry.date} entry={entry} onOpen={setDate} />
          ))}
        </ul>
        {pages > 1 && (
          <nav className="d-flex gap-2 align-items-center" aria-label={t('pages')}>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('newer')}
            </button>
            <span className="small num">
              {page} / {pages}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('older')}
            </button>
          </nav>
        )}
      </TitledSection>

      <TitledSection className="settings-card" titleClassName="h6" id="journal-export-title" title={t('exportTitle')}>
        <div className="d-flex gap-2 flex-wrap">
          {EXPORTS.map(([format, label]) => (
            <button
              key={format}
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => downloadExport(format, filters)}
              data-testid={`journal-export-${format}`}
            >
              {t(label)}
            </button>
          ))}
          {!confirming ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger ms-auto"
              onClick={() => setConfirming(true)}
              data-testid="journal-delete-all"
            >
              {t('deleteAll')}
            </button>
          ) : (
            <span className="ms-auto d-flex gap-2 align-items-center">
              <span className="small">{t('deleteAllConfirm')}</span>
              <button
                type="button"
                className="btn btn-sm btn-danger"
                onClick={() => clear.mutate()}
                data-testid="journal-delete-all-confirm"
              >
                {t('deleteAllYes')}
              </button>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </button>
            </span>
          )}
        </div>
      </TitledSection>
    </AccountLayout>
  );
}
