import type { AdminUserDetail, AdminUserRow } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { localizedPath } from '../../../lib/languages.ts';
import { startImpersonation } from '../../auth/session.ts';
import { ADMIN_QUERY_KEY, errorText, useAdminData } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import { type Column, Table } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect, SearchField } from '../ui/fields.tsx';
import { Loaded } from '../ui/states.tsx';
import { DaysField, ReasonDialog, RecordPage, useDateTime, useLang } from './shared.tsx';

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
  const flags = [
    ['true', t('filters.yes')],
    ['false', t('filters.no')],
  ] as const;
  const options: Record<(typeof FILTERS)[number], ReadonlyArray<string | readonly [string, string]>> = {
    plan: [['none', t('users.noPlan')], ...PAID_PLANS],
    admin: flags,
    verified: flags,
    blocked: flags,
    lang: LANGS,
    source: SOURCES,
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
    { header: 'users.plan', cell: (user) => user.plan_id ?? '—', className: 'text-nowrap' },
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
          value: user.plan_id ? `${user.plan_id} (${user.subscription_status})` : t('users.noPlan'),
          field: 'plan',
        },
        { label: t('users.language'), value: user.lang },
        { label: t('users.source'), value: user.registration_source },
        { label: t('users.birthDate'), value: user.birth_date ?? '—' },
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
                      {item}
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
      <Records title={t('users.subscriptions')} rows={detail.subscriptions} when={when} />
      <Records title={t('users.payments')} rows={detail.payments} when={when} />
      <Records title={t('users.purchases')} rows={detail.purchases} when={when} />
      <Records title={t('users.cards')} rows={detail.cards} when={when} />
      <Records title={t('users.comments')} rows={detail.comments} when={when} />
      <Records title={t('users.events')} rows={detail.events} when={when} />
    </RecordPage>
  );
}

/** A user's records of one kind, as a plain table of their fields. */
function Records({
  title,
  rows,
  when,
}: {
  title: string;
  rows: Record<string, unknown>[];
  when: (value: string) => string;
}) {
  const columns = Object.keys(rows[0] ?? {}).map(
    (key): Column<Record<string, unknown>> => ({
      header: { text: key },
      cell: (row) => {
        const value = row[key];
        if (value === null || value === undefined) return '—';
        if (typeof value === 'string' && /_at$|_start$|_end$/.test(key)) return when(value);
        return String(value);
      },
      ...(key === 'content'
        ? { className: 'text-break', minWidth: '16rem', maxWidth: '28rem' }
        : { className: 'text-nowrap' }),
    }),
  );
  return (
    <section>
      <h3 className="h6">
        {title} <span className="badge text-bg-light">{rows.length}</span>
      </h3>
      {rows.length > 0 && <Table columns={columns} rows={rows} rowKey={(_, index) => index} />}
    </section>
  );
}
