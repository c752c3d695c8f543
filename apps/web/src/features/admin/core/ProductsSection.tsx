import type { AdminProductRow } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { CsvButton, errorText, Pager, Table, useAdminList, useListState, useMoney } from './shared.tsx';

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

const EMPTY: Draft = {
  id: '',
  slug: '',
  type: 'program',
  plan_id: null,
  level: 1,
  days: 13,
  price_rub: 0,
  price_usd: 0,
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
  const list = useListState({}, 'sort_order');
  const products = useAdminList<AdminProductRow>(PATH, { ...list.state, order: 'asc', limit: 200 });
  const [editing, setEditing] = useState<{ draft: Draft; create: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const money = useMoney();
  const rows = products.data?.data ?? [];

  const move = async (index: number, by: -1 | 1) => {
    const ids = rows.map((row) => row.id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(index + by, 0, id);
    try {
      await api(`${PATH}/reorder`, { body: { ids } });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  if (editing) {
    return (
      <ProductEditor
        initial={editing.draft}
        create={editing.create}
        parents={rows.filter((row) => !row.parent_id).map((row) => row.id)}
        onDone={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
        }}
      />
    );
  }
  return (
    <div data-section="products">
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => setEditing({ draft: EMPTY, create: true })}
        >
          {t('products.new')}
        </button>
        <div className="ms-auto">
          <CsvButton path={PATH} params={{ sort: 'sort_order', order: 'asc' }} />
        </div>
      </div>
      {(error || products.error) && <div className="alert alert-danger">{error ?? errorText(products.error)}</div>}
      <Table
        empty={rows.length === 0}
        head={
          <>
            <th scope="col">{t('products.order')}</th>
            <th scope="col">{t('products.name')}</th>
            <th scope="col">{t('products.type')}</th>
            <th scope="col">{t('products.prices')}</th>
            <th scope="col">{t('products.days')}</th>
            <th scope="col">{t('products.state')}</th>
            <th scope="col" />
          </>
        }
      >
        {rows.map((row, index) => (
          <tr key={row.id} data-product={row.id}>
            <td className="text-nowrap">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary py-0"
                disabled={index === 0}
                aria-label={t('products.up')}
                onClick={() => void move(index, -1)}
              >
                ↑
              </button>{' '}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary py-0"
                disabled={index === rows.length - 1}
                aria-label={t('products.down')}
                onClick={() => void move(index, 1)}
              >
                ↓
              </button>
            </td>
            <td className="text-nowrap">
              {row.parent_id && <span className="text-body-secondary">↳ </span>}
              {row.name_i18n.ru ?? row.id}
              <div className="small text-body-secondary">{row.id}</div>
            </td>
            <td>{row.type}</td>
            <td className="text-nowrap">
              {money(row.price_rub, 'RUB')}
              <div className="small text-body-secondary">{money(row.price_usd, 'USD')}</div>
            </td>
            <td>{row.days}</td>
            <td>
              <span className="d-inline-flex flex-wrap gap-1">
                <span className={`badge text-bg-${row.show ? 'success' : 'secondary'}`}>
                  {row.show ? t('products.shown') : t('products.hidden')}
                </span>
                {!row.is_active && <span className="badge text-bg-danger">{t('products.inactive')}</span>}
              </span>
            </td>
            <td>
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
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={products.data?.pagination} onPage={list.setPage} />
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setText = (field: TextField, value: string) =>
    setDraft((d) => ({ ...d, [field]: { ...d[field], [lang]: value } }));
  const number = (
    key: 'level' | 'days' | 'price_rub' | 'price_usd' | 'variation_order' | 'sort_order',
    label: ReactNode,
    className: string,
  ) => (
    <label className={`${className} form-label small mb-0`}>
      {label}
      <input
        type="number"
        className="form-control form-control-sm"
        name={key}
        min={0}
        step={1}
        required
        value={draft[key]}
        onChange={(e) => set(key, Math.trunc(Number(e.target.value)))}
      />
    </label>
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
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
    try {
      if (create) await api(PATH, { body: { id, ...body } });
      else await api(`${PATH}/${id}`, { method: 'PUT', body });
      onDone();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form data-section="product" onSubmit={save} className="d-flex flex-column gap-3">
      <div>
        <button type="button" className="btn btn-sm btn-link px-0" onClick={onDone}>
          ← {t('products.back')}
        </button>
      </div>
      <div className="row g-2">
        <label className="col-6 col-md-3 form-label small mb-0">
          {t('products.id')}
          <input
            className="form-control form-control-sm"
            required
            pattern="[a-z0-9][a-z0-9_\-]{0,63}"
            disabled={!create}
            value={draft.id}
            onChange={(e) => set('id', e.target.value)}
          />
        </label>
        <label className="col-6 col-md-3 form-label small mb-0">
          {t('products.slug')}
          <input
            className="form-control form-control-sm"
            required
            pattern="[a-z0-9][a-z0-9_\-]{0,63}"
            value={draft.slug}
            onChange={(e) => set('slug', e.target.value)}
          />
        </label>
        <label className="col-6 col-md-3 form-label small mb-0">
          {t('products.type')}
          <select
            className="form-select form-select-sm"
            value={draft.type}
            onChange={(e) => set('type', e.target.value as Draft['type'])}
          >
            <option value="program">program</option>
            <option value="subscription">subscription</option>
          </select>
        </label>
        <label className="col-6 col-md-3 form-label small mb-0">
          {t('products.group')}
          <input
            className="form-control form-control-sm"
            required
            value={draft.product_group}
            onChange={(e) => set('product_group', e.target.value)}
          />
        </label>
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
        {number('days', t('products.days'), 'col-4 col-md-2')}
        {number('level', t('products.level'), 'col-4 col-md-2')}
        {number('sort_order', t('products.order'), 'col-4 col-md-2')}
        <label className="col-6 col-md-3 form-label small mb-0">
          {t('products.parent')}
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
        </label>
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
              <label key={field} className="form-label small mb-0">
                {t(`products.fields.${field}`)}
                <input
                  className="form-control form-control-sm"
                  name={`${field}.${lang}`}
                  maxLength={200}
                  required={field === 'name_i18n' && lang === 'ru'}
                  value={draft[field][lang] ?? ''}
                  onChange={(e) => setText(field, e.target.value)}
                />
              </label>
            ) : (
              <label key={field} className="form-label small mb-0">
                {t(`products.fields.${field}`)}
                <textarea
                  className="form-control form-control-sm"
                  rows={field === 'description_long_i18n' ? 5 : 2}
                  value={draft[field][lang] ?? ''}
                  onChange={(e) => setText(field, e.target.value)}
                />
              </label>
            ),
          )}
          <label className="form-label small mb-0">
            {t('products.fields.highlights_i18n')}
            <textarea
              className="form-control form-control-sm"
              rows={3}
              value={(draft.highlights_i18n[lang] ?? []).join('\n')}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  highlights_i18n: {
                    ...d.highlights_i18n,
                    [lang]: e.target.value.split('\n'),
                  },
                }))
              }
            />
          </label>
        </div>
      </fieldset>
      {error && <div className="alert alert-danger py-2 mb-0">{error}</div>}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('promo.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
