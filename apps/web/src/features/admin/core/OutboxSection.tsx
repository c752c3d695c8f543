import type { AdminOutboxLetter } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { useDateTime, useWords } from './shared.tsx';

/**
 * The letter as the reader would see it: its HTML in a frame of its own, which runs no script and reaches nothing of
 * the admin page; a link opens in a new tab.
 */
function LetterView({ letter }: { letter: AdminOutboxLetter }) {
  const { t } = useTranslation('admin');
  const html = letter.html.replace(/<head>/i, '<head><base target="_blank">');
  return (
    <article className="card mt-3" data-testid="outbox-letter" aria-label={letter.subject}>
      <div className="card-header small">
        <div className="fw-semibold text-break">{letter.subject}</div>
        <div className="text-body-secondary text-break">
          {t('outbox.to')}: {letter.to}
        </div>
      </div>
      <div className="card-body">
        <iframe
          title={t('outbox.html')}
          srcDoc={html}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          className="w-100 border rounded bg-white"
          style={{ height: '26rem' }}
        />
        <h3 className="h6 mt-3">{t('outbox.text')}</h3>
        <pre className="small bg-body-tertiary p-2 rounded text-break mb-0" style={{ whiteSpace: 'pre-wrap' }}>
          {letter.text}
        </pre>
      </div>
    </article>
  );
}

/**
 * /admin/outbox: the letters a server without a mail server keeps, newest first, with their links to follow; with
 * SMTP_URL set the server answers 404 and the page says the letters go out by mail.
 */
export default function OutboxSection() {
  const { t } = useTranslation('admin');
  const when = useDateTime();
  const list = useList<AdminOutboxLetter>({ path: '/admin/outbox', filters: {}, limit: 10 });
  const [open, setOpen] = useState<string | null>(null);
  const words = useWords();
  if (list.query.error instanceof ApiRequestError && list.query.error.status === 404)
    return (
      <p className="alert alert-info" data-testid="outbox-off">
        {t('outbox.smtp')}
      </p>
    );
  const shown = list.query.data?.data.find((letter) => letter.id === open);
  const columns: Column<AdminOutboxLetter>[] = [
    { header: 'outbox.when', cell: (row) => when(row.created_at), className: 'text-nowrap' },
    { header: 'outbox.to', cell: (row) => row.to, className: 'text-break', minWidth: '10rem' },
    {
      header: 'outbox.kind',
      cell: (row) => <span title={row.kind}>{words.mailKind(row.kind)}</span>,
      className: 'text-nowrap',
    },
    {
      header: 'outbox.links',
      cell: (row) =>
        row.sealed ? (
          <span className="small text-body-secondary" data-testid="outbox-sealed">
            {t('outbox.sealed')}
          </span>
        ) : row.links.length === 0 ? (
          '—'
        ) : (
          row.links.map((link) => (
            <a key={link} href={link} target="_blank" rel="noreferrer" className="d-block text-break small">
              {link}
            </a>
          ))
        ),
      minWidth: '14rem',
      maxWidth: '28rem',
    },
    {
      header: '',
      cell: (row) =>
        row.sealed ? null : (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary text-nowrap"
            aria-pressed={open === row.id}
            onClick={() => setOpen(open === row.id ? null : row.id)}
          >
            {open === row.id ? t('outbox.close') : t('outbox.read')}
          </button>
        ),
      end: true,
    },
  ];
  return (
    <div data-section="outbox">
      <p className="small text-body-secondary">{t('outbox.about')}</p>
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-letter': row.id })}
        csv={false}
        empty={t('outbox.empty')}
        total={(count) => t('outbox.total', { count })}
      />
      {shown && <LetterView letter={shown} />}
    </div>
  );
}
