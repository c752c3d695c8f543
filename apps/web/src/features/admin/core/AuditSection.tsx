import type { AdminAuditRow } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { DateRange, Field, FilterSelect, SearchField } from '../ui/fields.tsx';
import { UserFilter, useDateTime } from './shared.tsx';

const TARGETS = ['user', 'subscription', 'comment', 'comment_report', 'payment', 'promo_code', 'product', 'account'];

/** A change's before and after, folded: most rows are read by their action and reason alone. */
function Change({ row }: { row: AdminAuditRow }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  if (row.before == null && row.after == null) return <>—</>;
  return (
    <>
      <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setOpen(!open)}>
        {open ? t('audit.hideChange') : t('audit.showChange')}
      </button>
      {open && (
        <pre className="small mb-0 text-wrap text-break" style={{ maxWidth: '28rem' }}>
          {JSON.stringify({ before: row.before, after: row.after }, null, 1)}
        </pre>
      )}
    </>
  );
}

/** Every administrator's change, newest first, by actor, action, target and dates. */
export default function AuditSection() {
  const { t } = useTranslation('admin');
  const list = useList<AdminAuditRow, { actor: string; action: string; target_id: string; from: string; to: string }>({
    path: '/admin/audit',
    filters: { actor: '', action: '', target_id: '', from: '', to: '' },
    sort: 'created_at',
    limit: 50,
  });
  const when = useDateTime();
  const columns: Column<AdminAuditRow>[] = [
    { header: 'audit.when', cell: (row) => when(row.created_at), className: 'text-nowrap' },
    { header: 'audit.actor', cell: (row) => row.actor_label, className: 'text-nowrap' },
    {
      header: 'audit.action',
      cell: (row) => t(`audit.actions.${row.action.replaceAll('.', '_')}`, { defaultValue: row.action }),
    },
    {
      header: 'audit.target',
      cell: (row) => (
        <>
          {t(`audit.targets.${row.target_type}`, { defaultValue: row.target_type })}
          {row.target_email && <div className="text-nowrap">{row.target_email}</div>}
          <div className="small text-body-secondary text-nowrap">{row.target_id}</div>
        </>
      ),
    },
    { header: 'audit.reason', cell: (row) => row.reason ?? '—', className: 'text-break', minWidth: '12rem' },
    { header: 'audit.change', cell: (row) => <Change row={row} /> },
  ];
  return (
    <div data-section="audit">
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        filters={
          <>
            <UserFilter
              label={t('audit.actor')}
              placeholder={t('audit.actorPlaceholder')}
              onUser={(actor) => list.setFilters({ actor })}
            />
            <Field label={t('audit.action')}>
              <FilterSelect
                value={list.filters.action}
                onChange={(action) => list.setFilters({ action })}
                options={TARGETS.map(
                  (target) => [target, t(`audit.targets.${target}`, { defaultValue: target })] as const,
                )}
              />
            </Field>
            <Field label={t('audit.target')}>
              <SearchField
                label={t('audit.targetPlaceholder')}
                onSearch={(target_id) => list.setFilters({ target_id })}
              />
            </Field>
            <DateRange from={list.filters.from} to={list.filters.to} onChange={list.setFilters} />
          </>
        }
      />
    </div>
  );
}
