import type { AdminNotebookCourse, AdminNotebookRow, AdminPagination } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { downloadCsv, queryString } from './data.ts';
import { Failed, Loading, Pager, SortHeader } from './parts.tsx';

const LIMIT = 25;
/** A time as its day; the exact time in the cell's tooltip. */
function When({ iso }: { iso: string | null }) {
  return (
    <td className="text-nowrap" title={iso ?? undefined}>
      {iso ? iso.slice(0, 10) : '—'}
    </td>
  );
}

/** /education/notebook: what each reader did in each lesson, by course, lesson and reader. */
export default function NotebookSection() {
  const { t, i18n } = useTranslation('insights');
  const [course, setCourse] = useState('');
  const [lesson, setLesson] = useState('');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<{ by: string; order: 'asc' | 'desc' }>({ by: 'updatedAt', order: 'desc' });
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const filters = {
    course: course || undefined,
    lesson: lesson || undefined,
    email: email.trim() || undefined,
    status: status || undefined,
    lang: i18n.language,
    sort: sort.by,
    order: sort.order,
  };
  const path = `/admin/education/notebook${queryString({ ...filters, page: String(page), limit: String(LIMIT) })}`;
  const query = useQuery({
    queryKey: ['admin-insights', path],
    queryFn: () => api<{ data: AdminNotebookRow[]; pagination: AdminPagination; courses: AdminNotebookCourse[] }>(path),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  const courses = query.data?.courses ?? [];
  const lessons = courses.find((row) => row.id === course)?.lessons ?? [];
  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const onSort = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  return (
    <div data-testid="admin-notebook">
      <div className="row g-2 align-items-end mb-3">
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor="notebook-course">
            {t('notebook.course')}
          </label>
          <select
            id="notebook-course"
            className="form-select form-select-sm"
            value={course}
            onChange={(event) => {
              refilter(setCourse)(event.target.value);
              setLesson('');
            }}
          >
            <option value="">{t('common.all')}</option>
            {courses.map((row) => (
              <option key={row.id} value={row.id}>
                {row.title}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor="notebook-lesson">
            {t('notebook.lesson')}
          </label>
          <select
            id="notebook-lesson"
            className="form-select form-select-sm"
            value={lesson}
            disabled={!course}
            onChange={(event) => refilter(setLesson)(event.target.value)}
          >
            <option value="">{t('common.all')}</option>
            {lessons.map((row) => (
              <option key={row.slug} value={row.slug}>
                {row.number}. {row.title || row.slug}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor="notebook-email">
            {t('notebook.email')}
          </label>
          <input
            id="notebook-email"
            type="search"
            className="form-control form-control-sm"
            value={email}
            maxLength={254}
            onChange={(event) => refilter(setEmail)(event.target.value)}
          />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small mb-0" htmlFor="notebook-status">
            {t('notebook.status')}
          </label>
          <select
            id="notebook-status"
            className="form-select form-select-sm"
            value={status}
            onChange={(event) => refilter(setStatus)(event.target.value)}
          >
            <option value="">{t('common.all')}</option>
            <option value="viewed">{t('notebook.statuses.viewed')}</option>
            <option value="completed">{t('notebook.statuses.completed')}</option>
          </select>
        </div>
      </div>
      {exportError && <Failed error={exportError} />}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className="text-body-secondary small">{t('common.none')}</p>
      ) : (
        <>
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <span className="small text-body-secondary">
              {t('notebook.total', { count: query.data.pagination.total })}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                setExportError(null);
                downloadCsv(
                  `/admin/education/notebook${queryString({ ...filters, format: 'csv' })}`,
                  'education-notebook',
                ).catch((error: Error) => setExportError(error.message));
              }}
            >
              {t('common.csv')}
            </button>
          </div>
          <div className="table-responsive">
            <table className="table table-sm small align-middle" data-testid="notebook-table">
              <thead>
                <tr>
                  <SortHeader column="email" label={t('notebook.reader')} sort={sort} onSort={onSort} />
                  <SortHeader column="course" label={t('notebook.course')} sort={sort} onSort={onSort} />
                  <SortHeader column="lesson" label={t('notebook.lesson')} sort={sort} onSort={onSort} />
                  <SortHeader column="status" label={t('notebook.status')} sort={sort} onSort={onSort} />
                  <SortHeader
                    column="position"
                    label={t('notebook.position')}
                    sort={sort}
                    onSort={onSort}
                    className="text-end"
                  />
                  <SortHeader column="enrolledAt" label={t('notebook.enrolledAt')} sort={sort} onSort={onSort} />
                  <SortHeader column="updatedAt" label={t('notebook.updatedAt')} sort={sort} onSort={onSort} />
                  <SortHeader column="completedAt" label={t('notebook.completedAt')} sort={sort} onSort={onSort} />
                </tr>
              </thead>
              <tbody>
                {query.data.data.map((row) => (
                  <tr key={`${row.userId}/${row.lessonId}`}>
                    <td className="text-break insights-cell-wide">{row.email}</td>
                    <td className="insights-cell">{row.courseTitle}</td>
                    <td className="insights-cell">
                      {row.lessonNumber}. {row.lessonTitle || row.lessonSlug}
                    </td>
                    <td>
                      <span className={`badge ${row.status === 'completed' ? 'text-bg-success' : 'text-bg-secondary'}`}>
                        {t(`notebook.statuses.${row.status}`)}
                      </span>
                    </td>
                    <td className="text-end">{row.position}%</td>
                    <When iso={row.enrolledAt} />
                    <When iso={row.updatedAt} />
                    <When iso={row.completedAt} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={query.data.pagination.pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
