import type { AdminPromoCodeRow } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY, errorText } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect, InputField, SubmitField } from '../ui/fields.tsx';
import { RowActions, useDay } from './shared.tsx';

const PATH = '/admin/promo-codes';
const inMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const blank = () => ({
  code: '',
  discount: '10',
  validUntil: inMonth(),
  public: false,
  maxRedemptions: '1',
  perUserLimit: '1',
});
type Form = ReturnType<typeof blank>;
const formOf = (row: AdminPromoCodeRow): Form => ({
  code: row.code,
  discount: String(row.discount_percentage),
  validUntil: row.valid_until,
  public: row.public,
  maxRedemptions: row.max_redemptions === null ? '' : String(row.max_redemptions),
  perUserLimit: String(row.per_user_limit),
});

/** Promo codes: create, edit (the same code again), withdraw, with how often each was used. */
export default function PromoCodesSection() {
  const { t } = useTranslation('admin');
  const list = useList<AdminPromoCodeRow, { active: string }>({
    path: PATH,
    filters: { active: '' },
    sort: 'created_at',
    limit: 50,
  });
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(blank);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  const save = useMutation({
    mutationFn: () =>
      api(PATH, {
        body: {
          code: form.code,
          discount_percentage: Number(form.discount),
          valid_until: form.validUntil,
          public: form.public,
          // An empty total means no limit.
          max_redemptions: form.maxRedemptions.trim() ? Number(form.maxRedemptions) : null,
          per_user_limit: Number(form.perUserLimit),
        },
      }),
    onSuccess: async () => {
      setForm(blank());
      await refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (code: string) => api(`${PATH}/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const failure = save.error ?? withdraw.error;
  const day = useDay();
  const states = [
    ['true', t('promo.active')],
    ['false', t('promo.withdrawn')],
  ] as const;
  const columns: Column<AdminPromoCodeRow>[] = [
    {
      header: 'promo.code',
      sort: 'code',
      cell: (row) => (
        <>
          <code>{row.code}</code>
          <div>
            <span className={`badge text-bg-${row.public ? 'info' : 'secondary'}`}>
              {row.public ? t('promo.public') : t('promo.private')}
            </span>
          </div>
        </>
      ),
      className: 'text-nowrap',
    },
    { header: 'promo.discount', cell: (row) => `${row.discount_percentage}%` },
    { header: 'promo.validUntil', sort: 'valid_until', cell: (row) => day(row.valid_until), className: 'text-nowrap' },
    {
      header: 'promo.used',
      cell: (row) => (
        <>
          {row.used}
          {row.max_redemptions !== null && ` / ${row.max_redemptions}`}
          <span className="text-body-secondary"> · {t('promo.started', { count: row.started })}</span>
        </>
      ),
      className: 'text-nowrap',
    },
    {
      header: 'promo.perUserLimit',
      cell: (row) => row.per_user_limit,
    },
    { header: 'promo.state', cell: (row) => (row.active ? t('promo.active') : t('promo.withdrawn')) },
    {
      header: 'comments.actions',
      cell: (row) => (
        <RowActions
          actions={[
            {
              label: t('promo.edit'),
              onClick: () => setForm(formOf(row)),
            },
            row.active && { label: t('promo.withdraw'), tone: 'danger', onClick: () => withdraw.mutate(row.code) },
          ]}
        />
      ),
    },
  ];

  return (
    <div data-section="promocodes">
      <form
        className="card card-body mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <h2 className="h6">{t('promo.formTitle')}</h2>
        <div className="row g-2 align-items-end">
          <InputField
            label={t('promo.code')}
            column="col-12 col-md-4"
            className="text-uppercase"
            required
            pattern="[A-Za-z0-9_\-]{3,32}"
            value={form.code}
            onChange={(code) => setForm({ ...form, code })}
          />
          <InputField
            label={t('promo.discount')}
            column="col-6 col-md-2"
            type="number"
            min={1}
            max={100}
            required
            value={form.discount}
            onChange={(discount) => setForm({ ...form, discount })}
          />
          <InputField
            label={t('promo.validUntil')}
            column="col-6 col-md-3"
            type="date"
            required
            value={form.validUntil}
            onChange={(validUntil) => setForm({ ...form, validUntil })}
          />
          <InputField
            label={t('promo.maxRedemptions')}
            column="col-6 col-md-3"
            type="number"
            min={1}
            placeholder={t('promo.unlimited')}
            value={form.maxRedemptions}
            onChange={(maxRedemptions) => setForm({ ...form, maxRedemptions })}
          />
          <InputField
            label={t('promo.perUserLimit')}
            column="col-6 col-md-3"
            type="number"
            min={1}
            required
            value={form.perUserLimit}
            onChange={(perUserLimit) => setForm({ ...form, perUserLimit })}
          />
          <div className="col-12 col-md-6">
            <label className="form-check form-switch small mb-2">
              <input
                type="checkbox"
                className="form-check-input"
                name="public"
                checked={form.public}
                onChange={(event) => setForm({ ...form, public: event.target.checked })}
              />
              <span className="form-check-label">{t('promo.publicLabel')}</span>
            </label>
          </div>
          <SubmitField column="col-12 col-md-3" busy={save.isPending}>
            {t('promo.save')}
          </SubmitField>
        </div>
        <p className="small text-body-secondary mb-0 mt-2">{t('promo.help')}</p>
        {failure && <div className="alert alert-danger py-2 mt-2 mb-0">{errorText(failure)}</div>}
      </form>
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.code}
        filters={
          <Field label={t('promo.state')}>
            <FilterSelect
              value={list.filters.active}
              onChange={(active) => list.setFilters({ active })}
              options={states}
            />
          </Field>
        }
      />
    </div>
  );
}
