import { LANGUAGES } from '@hunab/calendar';
import { type AdminTestimonialRow, TESTIMONIAL_KINDS, TESTIMONIAL_STATUSES } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog.tsx';
import { api, apiUrl } from '../../../lib/api.ts';
import { saveResponse } from '../../../lib/download.ts';
import { LOCAL_KEYS, local } from '../../../lib/storage.ts';
import { ADMIN_QUERY_KEY, errorText } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect, InputField, TextAreaField } from '../ui/fields.tsx';
import { RowActions, useDateTime } from './shared.tsx';

type Editing = { kind: 'edit'; row: AdminTestimonialRow } | { kind: 'video' } | null;

/** A screenshot behind the administrator's token, saved to look at before approving it. */
async function openScreenshot(id: number) {
  const response = await fetch(apiUrl(`/testimonials/${id}/screenshot`), {
    headers: { authorization: `Bearer ${local.get(LOCAL_KEYS.authToken) ?? ''}` },
  });
  if (response.ok) await saveResponse(response, `testimonial-${id}`);
}

/**
 * Testimonials: the readers' ones waiting for review first; approve or reject, correct, translate, order, remove,
 * and link the video testimonials people gave. Only approved ones are published.
 */
export default function TestimonialsSection() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useList<AdminTestimonialRow, { status: string; kind: string }>({
    path: '/admin/testimonials',
    filters: { status: '', kind: '' },
    limit: 25,
  });
  const when = useDateTime();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  const setStatus = async (row: AdminTestimonialRow, status: AdminTestimonialRow['status']) => {
    await api(`/admin/testimonials/${row.id}`, { method: 'PUT', body: { status } });
    await refresh();
  };
  const remove = async (row: AdminTestimonialRow) => {
    if (!window.confirm(t('testimonials.confirmDelete'))) return;
    await api(`/testimonials/${row.id}`, { method: 'DELETE' });
    await refresh();
  };
  const columns: Column<AdminTestimonialRow>[] = [
    { header: 'testimonials.when', cell: (row) => when(row.created_at), className: 'text-nowrap' },
    {
      header: 'testimonials.who',
      cell: (row) => (
        <>
          {row.first_name}
          <div className="small text-body-secondary">{row.user_email ?? t('testimonials.kind.video')}</div>
        </>
      ),
    },
    {
      header: 'testimonials.text',
      cell: (row) => (
        <>
          <span className="badge text-bg-light me-1">{row.lang}</span>
          {row.kind === 'video' ? (
            <a href={row.video_url ?? '#'} target="_blank" rel="noopener noreferrer">
              {row.text || row.video_url}
            </a>
          ) : (
            row.text
          )}
          {Object.keys(row.translations).length > 0 && (
            <div className="small text-body-secondary">
              {t('testimonials.translated', { langs: Object.keys(row.translations).join(', ') })}
            </div>
          )}
        </>
      ),
      className: 'text-break',
      minWidth: '18rem',
    },
    {
      header: 'testimonials.state',
      cell: (row) => (
        <span
          className={`badge text-bg-${row.status === 'approved' ? 'success' : row.status === 'pending' ? 'warning' : 'secondary'}`}
        >
          {t(`testimonials.status.${row.status}`)}
        </span>
      ),
    },
    { header: 'testimonials.position', cell: (row) => row.position },
    {
      header: 'testimonials.actions',
      cell: (row) => (
        <RowActions
          actions={[
            row.status !== 'approved' && {
              label: t('testimonials.approve'),
              tone: 'success',
              onClick: () => void setStatus(row, 'approved'),
            },
            row.status !== 'rejected' && {
              label: t('testimonials.reject'),
              tone: 'warning',
              onClick: () => void setStatus(row, 'rejected'),
            },
            { label: t('testimonials.edit'), onClick: () => setEditing({ kind: 'edit', row }) },
            row.has_screenshot && {
              label: t('testimonials.screenshot'),
              onClick: () => void openScreenshot(row.id),
            },
            { label: t('testimonials.delete'), tone: 'danger', onClick: () => void remove(row) },
          ]}
        />
      ),
    },
  ];
  return (
    <div data-section="testimonials">
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testimonial': row.id, 'data-status': row.status })}
        csv={false}
        tools={
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing({ kind: 'video' })}>
            {t('testimonials.addVideo')}
          </button>
        }
        filters={
          <>
            <Field label={t('testimonials.state')}>
              <FilterSelect
                value={list.filters.status}
                onChange={(status) => list.setFilters({ status })}
                options={TESTIMONIAL_STATUSES.map((status) => [status, t(`testimonials.status.${status}`)] as const)}
              />
            </Field>
            <Field label={t('testimonials.kindLabel')}>
              <FilterSelect
                value={list.filters.kind}
                onChange={(kind) => list.setFilters({ kind })}
                options={TESTIMONIAL_KINDS.map((kind) => [kind, t(`testimonials.kind.${kind}`)] as const)}
              />
            </Field>
          </>
        }
      />
      {editing?.kind === 'edit' && <EditDialog row={editing.row} onClose={() => setEditing(null)} onSaved={refresh} />}
      {editing?.kind === 'video' && <VideoDialog onClose={() => setEditing(null)} onSaved={refresh} />}
    </div>
  );
}

function EditDialog({
  row,
  onClose,
  onSaved,
}: {
  row: AdminTestimonialRow;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { t } = useTranslation('admin');
  const [firstName, setFirstName] = useState(row.first_name);
  const [text, setText] = useState(row.text);
  const [position, setPosition] = useState(String(row.position));
  const [videoUrl, setVideoUrl] = useState(row.video_url ?? '');
  const [translations, setTranslations] = useState<Record<string, string>>(row.translations);
  const [error, setError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api(`/admin/testimonials/${row.id}`, {
        method: 'PUT',
        body: {
          first_name: firstName,
          text,
          position: Number(position) || 0,
          translations,
          ...(row.kind === 'video' ? { video_url: videoUrl } : {}),
        },
      });
      await onSaved();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <Dialog title={t('testimonials.editTitle')} closeLabel={t('testimonials.close')} onClose={onClose}>
      <form onSubmit={save} className="d-grid gap-2" data-testid="testimonial-edit">
        <InputField label={t('testimonials.firstName')} value={firstName} onChange={setFirstName} maxLength={60} />
        {row.kind === 'video' && (
          <InputField label={t('testimonials.videoUrl')} value={videoUrl} onChange={setVideoUrl} type="url" />
        )}
        <TextAreaField label={`${t('testimonials.text')} (${row.lang})`} value={text} onChange={setText} rows={4} />
        {LANGUAGES.filter((lang) => lang !== row.lang).map((lang) => (
          <TextAreaField
            key={lang}
            label={t('testimonials.translation', { lang })}
            value={translations[lang] ?? ''}
            onChange={(value) => setTranslations((current) => ({ ...current, [lang]: value }))}
            rows={2}
          />
        ))}
        <InputField label={t('testimonials.position')} value={position} onChange={setPosition} type="number" />
        <SaveRow error={error} />
      </form>
    </Dialog>
  );
}

function VideoDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation('admin');
  const [video, setVideo] = useState({ video_url: '', first_name: '', lang: 'ru', text: '' });
  const [error, setError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api('/admin/testimonials/videos', { body: video });
      await onSaved();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <Dialog title={t('testimonials.addVideo')} closeLabel={t('testimonials.close')} onClose={onClose}>
      <form onSubmit={save} className="d-grid gap-2">
        <p className="small text-body-secondary mb-0">{t('testimonials.videoHelp')}</p>
        <InputField
          label={t('testimonials.videoUrl')}
          value={video.video_url}
          onChange={(video_url) => setVideo({ ...video, video_url })}
          type="url"
          required
        />
        <InputField
          label={t('testimonials.firstName')}
          value={video.first_name}
          onChange={(first_name) => setVideo({ ...video, first_name })}
          maxLength={60}
          required
        />
        <Field label={t('testimonials.lang')}>
          <select
            className="form-select form-select-sm"
            value={video.lang}
            onChange={(event) => setVideo({ ...video, lang: event.target.value })}
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {lang}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          label={t('testimonials.videoTitle')}
          value={video.text}
          onChange={(text) => setVideo({ ...video, text })}
          maxLength={300}
        />
        <SaveRow error={error} />
      </form>
    </Dialog>
  );
}

/** A dialog's last row: the refusal, if any, and the save button. */
function SaveRow({ error }: { error: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {error && (
        <p className="alert alert-danger py-2 mb-0" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary">
        {t('testimonials.save')}
      </button>
    </>
  );
}
