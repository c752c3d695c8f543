import type { AdminPromoCodeRow } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import {
  CsvButton,
  errorText,
  Field,
  FilterSelect,
  Filters,
  Pager,
  SortHeader,
  Table,
  useAdminList,
  useListState,
} from './shared.tsx';

const PATH = '/admin/promo-codes';
const inMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** Promo codes: create, edit (the same code again), withdraw, with how often each was used. */
export default function PromoCodesSection() {
  const { t } = useTranslation('admin');
  const list = useListState({ active: '' }, 'created_at');
  const { state } = list;
  const codes = useAdminList<AdminPromoCodeRow>(PATH, { ...state, limit: 50 });
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ code: '', discount: '10', validUntil: inMonth() });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { page: _page, ...filterParams } = state;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(PATH, {
        body: { code: form.code, discount_percentage: Number(form.discount), valid_until: form.validUntil },
      });
      setForm({ code: '', discount: '10', validUntil: inMonth() });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async (code: string) => {
    try {
      await api(`${PATH}/${encodeURIComponent(code)}`, { method: 'DELETE' });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <div data-section="promocodes">
      <form className="card card-body mb-3" onSubmit={save}>
        <h2 className="h6">{t('promo.formTitle')}</h2>
        <div className="row g-2 align-items-end">
          <label className="col-12 col-md-4 form-label small mb-0">
            {t('promo.code')}
            <input
              className="form-control form-control-sm text-uppercase"
              required
              pattern="[A-Za-z0-9_\-]{3,32}"
              value={form.code}
              onChange={(e) => setForm({ ...form, code: e.target.value })}
            />
          </label>
          <label className="col-6 col-md-2 form-label small mb-0">
            {t('promo.discount')}
            <input
              type="number"
              className="form-control form-control-sm"
              min={1}
              max={100}
              required
              value={form.discount}
              onChange={(e) => setForm({ ...form, discount: e.target.value })}
            />
          </label>
          <label className="col-6 col-md-3 form-label small mb-0">
            {t('promo.validUntil')}
            <input
              type="date"
              className="form-control form-control-sm"
              required
              value={form.validUntil}
              onChange={(e) => setForm({ ...form, validUntil: e.target.value })}
            />
          </label>
          <div className="col-12 col-md-3">
            <button type="submit" className="btn btn-sm btn-primary w-100" disabled={busy}>
              {t('promo.save')}
            </button>
          </div>
        </div>
        <p className="small text-body-secondary mb-0 mt-2">{t('promo.help')}</p>
        {error && <div className="alert alert-danger py-2 mt-2 mb-0">{error}</div>}
      </form>
      <Filters actions={<CsvButton path={PATH} params={filterParams} />}>
        <Field label={t('promo.state')}>
          <FilterSelect
            value={state.active}
            onChange={(value) => list.setFilter('active', value)}
            options={[
              ['true', t('promo.active')],
              ['false', t('promo.withdrawn')],
            ]}
          />
        </Field>
      </Filters>
      {codes.error && <div className="alert alert-danger">{errorText(codes.error)}</div>}
      <Table
        empty={codes.data?.data.length === 0}
        head={
          <>
            <SortHeader label={t('promo.code')} column="code" {...state} onSort={list.setSort} />
            <th scope="col">{t('promo.discount')}</th>
            <SortHeader label={t('promo.validUntil')} column="valid_until" {...state} onSort={list.setSort} />
            <th scope="col">{t('promo.used')}</th>
            <th scope="col">{t('promo.state')}</th>
            <th scope="col">{t('comments.actions')}</th>
          </>
        }
      >
        {codes.data?.data.map((row) => (
          <tr key={row.code}>
            <td className="text-nowrap">
              <code>{row.code}</code>
            </td>
            <td>{row.discount_percentage}%</td>
            <td className="text-nowrap">{row.valid_until}</td>
            <td className="text-nowrap">
              {row.used}
              <span className="text-body-secondary"> / {t('promo.started', { count: row.started })}</span>
            </td>
            <td>{row.active ? t('promo.active') : t('promo.withdrawn')}</td>
            <td>
              <div className="d-flex flex-nowrap gap-1">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary text-nowrap"
                  onClick={() =>
                    setForm({ code: row.code, discount: String(row.discount_percentage), validUntil: row.valid_until })
                  }
                >
                  {t('promo.edit')}
                </button>
                {row.active && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger text-nowrap"
                    onClick={() => void withdraw(row.code)}
                  >
                    {t('promo.withdraw')}
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={codes.data?.pagination} onPage={list.setPage} />
    </div>
  );
}
