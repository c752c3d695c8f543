import type { AdminAuditRow } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CsvButton,
  errorText,
  Field,
  FilterSelect,
  Filters,
  Pager,
  SearchField,
  Table,
  useAdminList,
  useDateTime,
  useListState,
} from './shared.tsx';

const PATH = '/admin/audit';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const list = useListState({ actor: '', action: '', target_type: '', target_id: '', from: '', to: '' }, 'created_at');
  const { state } = list;
  const audit = useAdminList<AdminAuditRow>(PATH, { ...state, limit: 50 });
  const when = useDateTime();
  const { page: _page, ...filterParams } = state;
  return (
    <div data-section="audit">
      <Filters actions={<CsvButton path={PATH} params={filterParams} />}>
        <Field label={t('audit.actor')} wide>
          <SearchField
            label={t('audit.actorPlaceholder')}
            onSearch={(value) => list.setFilter('actor', UUID.test(value) || value.includes('@') ? value : '')}
          />
        </Field>
        <Field label={t('audit.action')}>
          <FilterSelect
            value={state.action}
            onChange={(value) => list.setFilter('action', value)}
            options={['user', 'subscription', 'comment', 'comment_report', 'payment', 'promo_code', 'product'].map(
              (a) => [a, `${a}.*`] as const,
            )}
          />
        </Field>
        <Field label={t('audit.target')}>
          <SearchField label={t('audit.targetPlaceholder')} onSearch={(value) => list.setFilter('target_id', value)} />
        </Field>
        <Field label={t('filters.from')}>
          <input
            type="date"
            className="form-control form-control-sm"
            value={state.from}
            onChange={(e) => list.setFilter('from', e.target.value)}
          />
        </Field>
        <Field label={t('filters.to')}>
          <input
            type="date"
            className="form-control form-control-sm"
            value={state.to}
            onChange={(e) => list.setFilter('to', e.target.value)}
          />
        </Field>
      </Filters>
      {audit.error && <div className="alert alert-danger">{errorText(audit.error)}</div>}
      <Table
        empty={audit.data?.data.length === 0}
        head={
          <>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.actor')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.reason')}</th>
            <th scope="col">{t('audit.change')}</th>
          </>
        }
      >
        {audit.data?.data.map((row) => (
          <tr key={row.id}>
            <td className="text-nowrap">{when(row.created_at)}</td>
            <td className="text-nowrap">{row.actor_email ?? row.actor_id ?? '—'}</td>
            <td className="text-nowrap">
              <code>{row.action}</code>
            </td>
            <td className="text-nowrap">
              {row.target_type} <span className="text-body-secondary">{row.target_id}</span>
            </td>
            <td className="text-break" style={{ minWidth: '12rem' }}>
              {row.reason ?? '—'}
            </td>
            <td>
              <Change row={row} />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={audit.data?.pagination} onPage={list.setPage} />
    </div>
  );
}
