import type { AdminUserDetail, AdminUserRow } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { LANGUAGE_CONFIG, type Language, localizedPath } from '../../../lib/languages.ts';
import { startImpersonation } from '../../auth/session.ts';
import { ADMIN_QUERY_KEY, errorText, useAdminData } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import { type Column, Table } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect, SearchField } from '../ui/fields.tsx';
import { Loaded } from '../ui/states.tsx';
import { DaysField, ReasonDialog, RecordPage, useDateTime, useDay, useLang, useMoney, useWords } from './shared.tsx';

const PATH = '/admin/users';
const PAID_PLANS = ['basic', 'premium', 'basic_monthly', 'premium_monthly', 'basic_yearly', 'premium_yearly'];
const LANGS = ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar'];
const SOURCES = ['website', 'mobile_app', 'pwa', 'telegram', 'subscribe'];
/** The drop-down filters, in their order on the page, and their labels. */
const FILTERS = ['plan', 'admin', 'verified', 'blocked', 'lang', 'source'] as const;
const FILTER_LABELS: Record<(typeof FILTERS)[number], string> = {
  plan: 'users.plan',
  admin: 'users.admin',
  verified: 'users.verified',
  blocked: 'users.blocked',
  lang: 'users.language',
  source: 'users.source',
};

/** Users: search, filters, sorting and paging on the server; a user's page with the changes an admin may make. */
export default function UsersSection() {
  const { t } = useTranslation('admin');
  const list = useList<AdminUserRow, Record<(typeof FILTERS)[number] | 'q', string>>({
    path: PATH,
    filters: { q: '', plan: '', admin: '', verified: '', blocked: '', lang: '', source: '' },
    sort: 'created_at',
    limit: 25,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const when = useDateTime();
  const words = useWords();
  const flags = [
    ['true', t('filters.yes')],
    ['false', t('filters.no')],
  ] as const;
  const options: Record<(typeof FILTERS)[number], ReadonlyArray<string | readonly [string, string]>> = {
    plan: [['none', t('users.noPlan')], ...PAID_PLANS.map((plan) => [plan, words.plan(plan)] as const)],
    admin: flags,
    verified: flags,
    blocked: flags,
    lang: LANGS,
    source: SOURCES.map((source) => [source, words.source(source)] as const),
  };

  if (selected) return <UserDetail id={selected} onBack={() => setSelected(null)} />;
  const columns: Column<AdminUserRow>[] = [
    {
      header: 'users.email',
      sort: 'email',
      cell: (user) => (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 text-start text-nowrap"
          onClick={() => setSelected(user.id)}
        >
          {user.email}
        </button>
      ),
    },
    { header: 'users.name', sort: 'name', cell: (user) => user.name ?? '—' },
    { header: 'users.plan', cell: (user) => words.plan(user.plan_id), className: 'text-nowrap' },
    { header: 'users.status', cell: (user) => <UserBadges user={user} /> },
    { header: 'users.language', sort: 'lang', cell: (user) => user.lang },
    { header: 'users.registered', sort: 'created_at', cell: (user) => when(user.created_at), className: 'text-nowrap' },
  ];
  return (
    <div data-section="users">
      <AdminList
        list={list}
        columns={columns}
        rowKey={(user) => user.id}
        filters={
          <>
            <Field label={t('users.search')} wide>
              <SearchField label={t('users.searchPlaceholder')} onSearch={(q) => list.setFilters({ q })} />
            </Field>
            {FILTERS.map((name) => (
              <Field key={name} label={t(FILTER_LABELS[name])}>
                <FilterSelect
                  value={list.filters[name]}
                  onChange={(value) => list.setFilters({ [name]: value })}
                  options={options[name]}
                />
              </Field>
            ))}
          </>
        }
      />
    </div>
  );
}

function UserBadges({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('admin');
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {user.is_admin && <span className="badge text-bg-primary">{t('users.badgeAdmin')}</span>}
      {user.blocked && <span className="badge text-bg-danger">{t('users.badgeBlocked')}</span>}
      {!user.email_verified && <span className="badge text-bg-secondary">{t('users.badgeUnverified')}</span>}
    </span>
  );
}

type Action = 'grant' | 'revoke' | 'admin' | 'block' | 'impersonate';

/** One user, read by its id. */
function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useAdminData<AdminUserDetail>(`${PATH}/${id}`);
  return <Loaded query={detail}>{(data) => <User detail={data} onBack={onBack} />}</Loaded>;
}

/** A user's profile, their records, and the actions (each asks for a reason, which the audit log keeps). */
function User({ detail, onBack }: { detail: AdminUserDetail; onBack: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lang = useLang();
  const when = useDateTime();
  const day = useDay();
  const words = useWords();
  const [action, setAction] = useState<Action | null>(null);
  const [plan, setPlan] = useState('premium');
  const [days, setDays] = useState(30);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  const { user } = detail;
  const id = user.id;
  const post = (path: string, body: unknown) => api(`${PATH}/${id}/${path}`, { method: 'POST', body });

  const dialogs: Record<Action, { title: string; confirm: string; run: (reason: string) => Promise<unknown> }> = {
    grant: {
      title: t('users.grantTitle'),
      confirm: t('users.grant'),
      run: (reason) => post('subscription', { plan_id: plan, days, reason }),
    },
    revoke: {
      title: t('users.revokeTitle'),
      confirm: t('users.revoke'),
      run: (reason) => api(`${PATH}/${id}/subscription?reason=${encodeURIComponent(reason)}`, { method: 'DELETE' }),
    },
    admin: {
      title: user.is_admin ? t('users.removeAdmin') : t('users.makeAdmin'),
      confirm: user.is_admin ? t('users.removeAdmin') : t('users.makeAdmin'),
      run: (reason) => post('admin', { is_admin: !user.is_admin, reason }),
    },
    block: {
      title: user.blocked ? t('users.unblock') : t('users.block'),
      confirm: user.blocked ? t('users.unblock') : t('users.block'),
      run: (reason) => post('block', { blocked: !user.blocked, reason }),
    },
    impersonate: {
      title: t('users.impersonateTitle', { email: user.email }),
      confirm: t('users.impersonate'),
      run: async (reason) => {
        const reply = await post('impersonate', { reason });
        const {
          token,
          user: viewing,
          expires_at,
        } = (
          reply as {
            data: { token: string; expires_at: string; user: { id: string; email: string; name: string | null } };
          }
        ).data;
        await startImpersonation(token, viewing, expires_at);
        void navigate(localizedPath(lang, '/dash'));
      },
    },
  };
  const current = action ? dialogs[action] : null;

  return (
    <RecordPage
      section="user"
      back={t('users.back')}
      onBack={onBack}
      title={user.email}
      badges={<UserBadges user={user} />}
      facts={[
        { label: t('users.name'), value: user.name ?? '—' },
        {
          label: t('users.plan'),
          value: user.plan_id
            ? `${words.plan(user.plan_id)} (${words.subscriptionStatus(user.subscription_status)})`
            : t('users.noPlan'),
          field: 'plan',
        },
        { label: t('users.language'), value: LANGUAGE_CONFIG[user.lang as Language]?.nativeName ?? user.lang },
        { label: t('users.source'), value: words.source(user.registration_source) },
        { label: t('users.birthDate'), value: day(user.birth_date) },
        { label: t('users.registered'), value: when(user.created_at) },
      ]}
    >
      {notice && (
        <div className="alert alert-success py-2 mb-0" role="status">
          {notice}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setAction('grant')}>
          {t('users.grant')}
        </button>
        {user.plan_id && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setAction('revoke')}>
            {t('users.revoke')}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setAction('admin')}>
          {user.is_admin ? t('users.removeAdmin') : t('users.makeAdmin')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setAction('block')}>
          {user.blocked ? t('users.unblock') : t('users.block')}
        </button>
        {!user.email_verified && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={async () => {
              try {
                await post('resend-verification', {});
                setNotice(t('users.resent'));
              } catch (error) {
                setNotice(errorText(error));
              }
            }}
          >
            {t('users.resend')}
          </button>
        )}
        {!user.is_admin && !user.blocked && (
          <button type="button" className="btn btn-sm btn-outline-warning" onClick={() => setAction('impersonate')}>
            {t('users.impersonate')}
          </button>
        )}
      </div>
      {current && (
        <ReasonDialog
          title={current.title}
          confirm={current.confirm}
          onClose={() => setAction(null)}
          onConfirm={async (reason) => {
            await current.run(reason);
            setNotice(t('users.done'));
            await refresh();
          }}
        >
          {action === 'grant' && (
            <div className="row g-2">
              <label className="col-7 form-label mb-0">
                {t('users.plan')}
                <select className="form-select" name="plan" value={plan} onChange={(e) => setPlan(e.target.value)}>
                  {PAID_PLANS.map((item) => (
                    <option key={item} value={item}>
                      {words.plan(item)}
                    </option>
                  ))}
                </select>
              </label>
              <DaysField className="col-5" value={days} onChange={setDays} />
            </div>
          )}
          {action === 'impersonate' && <p className="small mb-0">{t('users.impersonateHelp')}</p>}
        </ReasonDialog>
      )}
      <Records kind="subscriptions" title={t('users.subscriptions')} rows={detail.subscriptions} />
      <Records kind="payments" title={t('users.payments')} rows={detail.payments} />
      <Records kind="purchases" title={t('users.purchases')} rows={detail.purchases} />
      <Records kind="cards" title={t('users.cards')} rows={detail.cards} />
      <Records kind="comments" title={t('users.comments')} rows={detail.comments} />
      <Records kind="events" title={t('users.events')} rows={detail.events} />
    </RecordPage>
  );
}

/** How the records' stored values read: the status words of each kind of record, the codes with words of their own. */
type RecordKind = 'subscriptions' | 'payments' | 'purchases' | 'cards' | 'comments' | 'events';
const DATE_ONLY = new Set(['birth_date', 'activation_date']);
const MONEY = new Set(['amount', 'refunded_amount']);

/** A user's records of one kind: a labelled column per field, values in the admin's language. */
function Records({ kind, title, rows }: { kind: RecordKind; title: string; rows: Record<string, unknown>[] }) {
  const { t } = useTranslation('admin');
  const when = useDateTime();
  const day = useDay();
  const money = useMoney();
  const words = useWords();
  const text = (key: string, value: unknown, row: Record<string, unknown>): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('filters.yes') : t('filters.no');
    if (MONEY.has(key) && typeof value === 'number') return money(value, String(row.currency ?? 'RUB'));
    if (typeof value !== 'string') return String(value);
    if (DATE_ONLY.has(key)) return day(value);
    if (/_at$|_start$|_end$/.test(key)) return when(value);
    if (key === 'status') return kind === 'payments' ? words.paymentStatus(value) : words.subscriptionStatus(value);
    if (key === 'plan_id') return words.plan(value);
    if (key === 'source') return words.source(value);
    if (key === 'provider') return words.provider(value);
    if (key === 'cycle_type') return words.cycle(value);
    return value;
  };
  // The currency is part of each amount, so it has no column of its own.
  const keys = Object.keys(rows[0] ?? {}).filter((key) => key !== 'currency');
  const columns = keys.map(
    (key): Column<Record<string, unknown>> => ({
      header: { text: t(`records.fields.${key}`, { defaultValue: key }) },
      cell: (row) => text(key, row[key], row),
      ...(key === 'content'
        ? { className: 'text-break', minWidth: '16rem', maxWidth: '28rem' }
        : { className: 'text-nowrap' }),
    }),
  );
  return (
    <section data-records={kind}>
      <h3 className="h6">
        {title} <span className="badge text-bg-light">{rows.length}</span>
      </h3>
      {rows.length > 0 && <Table columns={columns} rows={rows} rowKey={(_, index) => index} />}
    </section>
  );
}
