import type { AdminProductRow } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY, errorText } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, InputField, TextAreaField } from '../ui/fields.tsx';
import { BackButton, useMoney } from './shared.tsx';

const PATH = '/admin/products';
const LANGS = ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar'] as const;
type Lang = (typeof LANGS)[number];
const TEXT_FIELDS = [
  ['name_i18n', 'input'],
  ['variation_name_i18n', 'input'],
  ['usp_i18n', 'textarea'],
  ['descr_short_i18n', 'textarea'],
  ['descr_i18n', 'textarea'],
  ['description_long_i18n', 'textarea'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

type Draft = Omit<AdminProductRow, 'created_at' | 'updated_at'>;

/** YooKassa's VAT codes of a receipt line and the rate each stands for (code 1: no VAT). */
const VAT_CODES: Array<[number, string | null]> = [
  [1, null],
  [2, '0 %'],
  [3, '10 %'],
  [4, '20 %'],
  [5, '10/110'],
  [6, '20/120'],
  [7, '5 %'],
  [8, '7 %'],
  [9, '5/105'],
  [10, '7/107'],
  [11, '22 %'],
  [12, '22/122'],
];

const EMPTY: Draft = {
  id: '',
  slug: '',
  type: 'program',
  plan_id: null,
  level: 1,
  days: 13,
  price_rub: 0,
  price_usd: 0,
  vat_code: 1,
  currency: 'RUB',
  show: false,
  is_active: true,
  product_group: 'programs',
  parent_id: null,
  variation_order: 0,
  recur: false,
  availability_ru: true,
  activation_type: 'immediate',
  activation_date: null,
  sort_order: 0,
  name_i18n: {},
  usp_i18n: {},
  descr_i18n: {},
  descr_short_i18n: {},
  description_long_i18n: {},
  highlights_i18n: {},
  variation_name_i18n: {},
};

/** Texts with the empty languages left out, so a cleared field is not stored as an empty text. */
const filled = <T,>(texts: Partial<Record<Lang, T>>, empty: (value: T) => boolean) =>
  Object.fromEntries(Object.entries(texts).filter(([, value]) => !empty(value as T)));

/** The catalogue: every product, shown or not, with its editor and its place in the order. */
export default function ProductsSection() {
  const { t } = useTranslation('admin');
  const list = useList<AdminProductRow>({ path: PATH, filters: {}, sort: 'sort_order', order: 'asc', limit: 200 });
  const [editing, setEditing] = useState<{ draft: Draft; create: boolean } | null>(null);
  const queryClient = useQueryClient();
  const money = useMoney();
  const rows = list.query.data?.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  const reorder = useMutation({
    mutationFn: (ids: string[]) => api(`${PATH}/reorder`, { body: { ids } }),
    onSuccess: refresh,
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((row) => row.id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(index + by, 0, id);
    reorder.mutate(ids);
  };

  if (editing) {
    return (
      <ProductEditor
        initial={editing.draft}
        create={editing.create}
        parents={rows.filter((row) => !row.parent_id).map((row) => row.id)}
        onDone={() => {
          setEditing(null);
          void refresh();
        }}
      />
    );
  }
  const columns: Column<AdminProductRow>[] = [
    {
      header: 'products.order',
      cell: (_, index) => (
        <>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary py-0"
            disabled={index === 0}
            aria-label={t('products.up')}
            onClick={() => move(index, -1)}
          >
            ↑
          </button>{' '}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary py-0"
            disabled={index === rows.length - 1}
            aria-label={t('products.down')}
            onClick={() => move(index, 1)}
          >
            ↓
          </button>
        </>
      ),
      className: 'text-nowrap',
    },
    {
      header: 'products.name',
      cell: (row) => (
        <>
          {row.parent_id && <span className="text-body-secondary">↳ </span>}
          {row.name_i18n.ru ?? row.id}
          <div className="small text-body-secondary">{row.id}</div>
        </>
      ),
      className: 'text-nowrap',
    },
    { header: 'products.type', cell: (row) => t(`products.types.${row.type}`) },
    {
      header: 'products.prices',
      cell: (row) => (
        <>
          {money(row.price_rub, 'RUB')}
          <div className="small text-body-secondary">{money(row.price_usd, 'USD')}</div>
        </>
      ),
      className: 'text-nowrap',
    },
    { header: 'products.days', cell: (row) => row.days },
    {
      header: 'products.state',
      cell: (row) => (
        <span className="d-inline-flex flex-wrap gap-1">
          <span className={`badge text-bg-${row.show ? 'success' : 'secondary'}`}>
            {row.show ? t('products.shown') : t('products.hidden')}
          </span>
          {!row.is_active && <span className="badge text-bg-danger">{t('products.inactive')}</span>}
        </span>
      ),
    },
    {
      header: '',
      cell: (row) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => {
            const { created_at: _c, updated_at: _u, ...draft } = row;
            setEditing({ draft, create: false });
          }}
        >
          {t('promo.edit')}
        </button>
      ),
    },
  ];
  return (
    <div data-section="products">
      {reorder.error && <div className="alert alert-danger">{errorText(reorder.error)}</div>}
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-product': row.id })}
        tools={
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setEditing({ draft: EMPTY, create: true })}
          >
            {t('products.new')}
          </button>
        }
      />
    </div>
  );
}

function ProductEditor({
  initial,
  create,
  parents,
  onDone,
}: {
  initial: Draft;
  create: boolean;
  parents: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const [draft, setDraft] = useState<Draft>(initial);
  const [lang, setLang] = useState<Lang>('ru');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setText = (field: TextField, value: string) =>
    setDraft((d) => ({ ...d, [field]: { ...d[field], [lang]: value } }));
  const number = (
    key: 'level' | 'days' | 'price_rub' | 'price_usd' | 'variation_order' | 'sort_order',
    label: ReactNode,
    column: string,
  ) => (
    <InputField
      label={label}
      column={column}
      type="number"
      name={key}
      min={0}
      step={1}
      required
      value={draft[key]}
      onChange={(value) => set(key, Math.trunc(Number(value)))}
    />
  );

  const save = useMutation({
    mutationFn: () => {
      const { id, ...fields } = draft;
      const body = {
        ...fields,
        ...Object.fromEntries(TEXT_FIELDS.map(([field]) => [field, filled(draft[field], (v) => !String(v).trim())])),
        highlights_i18n: filled(
          Object.fromEntries(
            Object.entries(draft.highlights_i18n).map(([code, lines]) => [
              code,
              (lines ?? []).map((line) => line.trim()).filter(Boolean),
            ]),
          ),
          (v) => (v as string[]).length === 0,
        ),
      };
      return create ? api(PATH, { body: { id, ...body } }) : api(`${PATH}/${id}`, { method: 'PUT', body });
    },
    onSuccess: onDone,
  });

  return (
    <form
      data-section="product"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      className="d-flex flex-column gap-3"
    >
      <BackButton label={t('products.back')} onClick={onDone} />
      <div className="row g-2">
        {(['id', 'slug'] as const).map((key) => (
          <InputField
            key={key}
            label={t(`products.${key}`)}
            column="col-6 col-md-3"
            required
            pattern="[a-z0-9][a-z0-9_\-]{0,63}"
            disabled={key === 'id' && !create}
            value={draft[key]}
            onChange={(value) => set(key, value)}
          />
        ))}
        <Field label={t('products.type')} column="col-6 col-md-3">
          <select
            className="form-select form-select-sm"
            value={draft.type}
            onChange={(e) => set('type', e.target.value as Draft['type'])}
          >
            <option value="program">{t('products.types.program')}</option>
            <option value="subscription">{t('products.types.subscription')}</option>
          </select>
        </Field>
        <InputField
          label={t('products.group')}
          column="col-6 col-md-3"
          required
          value={draft.product_group}
          onChange={(value) => set('product_group', value)}
        />
        {number(
          'price_rub',
          <>
            {t('products.priceRub')} <span className="text-body-secondary">({money(draft.price_rub, 'RUB')})</span>
          </>,
          'col-6 col-md-3',
        )}
        {number(
          'price_usd',
          <>
            {t('products.priceUsd')} <span className="text-body-secondary">({money(draft.price_usd, 'USD')})</span>
          </>,
          'col-6 col-md-3',
        )}
        <Field label={t('products.vatCode')} column="col-6 col-md-3">
          <select
            className="form-select form-select-sm"
            name="vat_code"
            value={draft.vat_code}
            onChange={(e) => set('vat_code', Number(e.target.value))}
          >
            {VAT_CODES.map(([code, rate]) => (
              <option key={code} value={code}>
                {code} · {rate ?? t('products.vatNone')}
              </option>
            ))}
          </select>
        </Field>
        {number('days', t('products.days'), 'col-4 col-md-2')}
        {number('level', t('products.level'), 'col-4 col-md-2')}
        {number('sort_order', t('products.order'), 'col-4 col-md-2')}
        <Field label={t('products.parent')} column="col-6 col-md-3">
          <select
            className="form-select form-select-sm"
            value={draft.parent_id ?? ''}
            onChange={(e) => set('parent_id', e.target.value || null)}
          >
            <option value="">—</option>
            {parents
              .filter((id) => id !== draft.id)
              .map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
          </select>
        </Field>
        {number('variation_order', t('products.variationOrder'), 'col-6 col-md-3')}
        <div className="col-12 d-flex flex-wrap gap-3">
          {(['show', 'is_active', 'recur', 'availability_ru'] as const).map((key) => (
            <label key={key} className="form-check form-switch small">
              <input
                type="checkbox"
                className="form-check-input"
                name={key}
                checked={draft[key]}
                onChange={(e) => set(key, e.target.checked)}
              />
              <span className="form-check-label">{t(`products.flags.${key}`)}</span>
            </label>
          ))}
        </div>
      </div>
      <fieldset className="card card-body">
        <legend className="h6">{t('products.texts')}</legend>
        <div className="nav nav-pills flex-nowrap overflow-auto mb-2" role="tablist">
          {LANGS.map((code) => (
            <button
              key={code}
              type="button"
              role="tab"
              aria-selected={lang === code}
              className={`nav-link py-1 px-2${lang === code ? ' active' : ''}`}
              onClick={() => setLang(code)}
            >
              {code}
            </button>
          ))}
        </div>
        <div className="d-grid gap-2" dir={lang === 'ar' ? 'rtl' : undefined} lang={lang}>
          {TEXT_FIELDS.map(([field, kind]) =>
            kind === 'input' ? (
              <InputField
                key={field}
                label={t(`products.fields.${field}`)}
                column=""
                name={`${field}.${lang}`}
                maxLength={200}
                required={field === 'name_i18n' && lang === 'ru'}
                value={draft[field][lang] ?? ''}
                onChange={(value) => setText(field, value)}
              />
            ) : (
              <TextAreaField
                key={field}
                label={t(`products.fields.${field}`)}
                rows={field === 'description_long_i18n' ? 5 : 2}
                value={draft[field][lang] ?? ''}
                onChange={(value) => setText(field, value)}
              />
            ),
          )}
          <TextAreaField
            label={t('products.fields.highlights_i18n')}
            rows={3}
            value={(draft.highlights_i18n[lang] ?? []).join('\n')}
            onChange={(value) =>
              setDraft((d) => ({ ...d, highlights_i18n: { ...d.highlights_i18n, [lang]: value.split('\n') } }))
            }
          />
        </div>
      </fieldset>
      {save.error && <div className="alert alert-danger py-2 mb-0">{errorText(save.error)}</div>}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('promo.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
