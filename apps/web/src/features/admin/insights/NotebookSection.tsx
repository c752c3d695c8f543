import type { AdminNotebookCourse, AdminNotebookRow } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect, SearchField } from '../ui/fields.tsx';

/** A time as its day; the exact time in its tooltip. */
const day = (iso: string | null) => <span title={iso ?? undefined}>{iso ? iso.slice(0, 10) : '—'}</span>;

/** /education/notebook: what each reader did in each lesson, by course, lesson and reader. */
export default function NotebookSection() {
  const { t, i18n } = useTranslation('insights');
  const list = useList<
    AdminNotebookRow,
    { course: string; lesson: string; email: string; status: string },
    { courses: AdminNotebookCourse[] }
  >({
    path: '/admin/education/notebook',
    filters: { course: '', lesson: '', email: '', status: '' },
    sort: 'updatedAt',
    limit: 25,
    params: { lang: i18n.language },
  });
  const { course, lesson, status } = list.filters;
  const courses = list.query.data?.courses ?? [];
  const lessons = courses.find((row) => row.id === course)?.lessons ?? [];
  const columns: Column<AdminNotebookRow>[] = [
    { header: 'notebook.reader', sort: 'email', cell: (row) => row.email, className: 'text-break', minWidth: '12rem' },
    { header: 'notebook.course', sort: 'course', cell: (row) => row.courseTitle, minWidth: '8rem' },
    {
      header: 'notebook.lesson',
      sort: 'lesson',
      cell: (row) => `${row.lessonNumber}. ${row.lessonTitle || row.lessonSlug}`,
      minWidth: '8rem',
    },
    {
      header: 'notebook.status',
      sort: 'status',
      cell: (row) => (
        <span className={`badge ${row.status === 'completed' ? 'text-bg-success' : 'text-bg-secondary'}`}>
          {t(`notebook.statuses.${row.status}`)}
        </span>
      ),
    },
    { header: 'notebook.position', sort: 'position', cell: (row) => `${row.position}%`, end: true },
    { header: 'notebook.enrolledAt', sort: 'enrolledAt', cell: (row) => day(row.enrolledAt), className: 'text-nowrap' },
    { header: 'notebook.updatedAt', sort: 'updatedAt', cell: (row) => day(row.updatedAt), className: 'text-nowrap' },
    {
      header: 'notebook.completedAt',
      sort: 'completedAt',
      cell: (row) => day(row.completedAt),
      className: 'text-nowrap',
    },
  ];
  return (
    <div data-testid="admin-notebook">
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => `${row.userId}/${row.lessonId}`}
        ns="insights"
        testId="notebook-table"
        csvName="education-notebook"
        empty={t('common.none')}
        total={(count) => t('notebook.total', { count })}
        fold={false}
        filters={
          <>
            <Field label={t('notebook.course')}>
              <FilterSelect
                id="notebook-course"
                value={course}
                onChange={(value) => list.setFilters({ course: value, lesson: '' })}
                options={courses.map((row) => [row.id, row.title] as const)}
              />
            </Field>
            <Field label={t('notebook.lesson')}>
              <FilterSelect
                id="notebook-lesson"
                value={lesson}
                disabled={!course}
                onChange={(value) => list.setFilters({ lesson: value })}
                options={lessons.map((row) => [row.slug, `${row.number}. ${row.title || row.slug}`] as const)}
              />
            </Field>
            <Field label={t('notebook.email')} wide>
              <SearchField
                id="notebook-email"
                maxLength={254}
                delay={0}
                onSearch={(email) => list.setFilters({ email })}
              />
            </Field>
            <Field label={t('notebook.status')}>
              <FilterSelect
                id="notebook-status"
                value={status}
                onChange={(value) => list.setFilters({ status: value })}
                options={(['viewed', 'completed'] as const).map(
                  (name) => [name, t(`notebook.statuses.${name}`)] as const,
                )}
              />
            </Field>
          </>
        }
      />
    </div>
  );
}
