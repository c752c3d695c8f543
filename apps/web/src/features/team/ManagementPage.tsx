import { TEAM_MEMBER_NAME_MAX, TEAM_NAME_MAX, type Team } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormField } from '../../components/FormField.tsx';
import { SignInLink } from '../../components/SignInLink.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSession } from '../auth/session.ts';
import {
  acceptInvite,
  addMember,
  createInvite,
  createTeam,
  deleteTeam,
  fetchInvite,
  fetchTeam,
  fetchTeams,
  removeMember,
  TEAM_KEYS,
} from './api.ts';
import { TeamMap } from './TeamMap.tsx';
import './team.css';

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation('team');
  if (!error) return null;
  return (
    <div className="alert alert-warning py-2" role="alert">
      {t([`errors.${errorCode(error)}`, 'errors.generic'])}
    </div>
  );
}

/** /team/management: create a team, invite by link or email, add people as cards, read the team map. */
export default function ManagementPage() {
  const { t } = useTranslation('team');
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  usePageTitle(t('management.title'));

  if (session.status === 'restoring') return null;
  if (session.status === 'anonymous') {
    return (
      <div className="team-page">
        <h1 className="h3">{t('management.title')}</h1>
        <section className="team-card">
          <p>{invite ? t('join.signIn') : t('management.intro')}</p>
          <div className="d-flex gap-2 flex-wrap">
            <SignInLink>{t('management.login')}</SignInLink>
            <Link className="btn btn-outline-primary" to={localizedPath(lang, '/register')}>
              {t('management.register')}
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return (
    <div className="team-page">
      <h1 className="h3">{t('management.title')}</h1>
      {invite && (
        <JoinCard
          token={invite}
          onJoined={(team) => {
            setParams({ team: team.id }, { replace: true });
          }}
        />
      )}
      <Teams selected={params.get('team')} onSelect={(id) => setParams(id ? { team: id } : {}, { replace: true })} />
    </div>
  );
}

function JoinCard({ token, onJoined }: { token: string; onJoined: (team: Team) => void }) {
  const { t } = useTranslation('team');
  const id = useId();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const preview = useQuery({ queryKey: TEAM_KEYS.invite(token), queryFn: () => fetchInvite(token), retry: false });
  const [name, setName] = useState(user?.display_name || user?.username || '');
  const [birthDate, setBirthDate] = useState(user?.birth_date?.slice(0, 10) ?? '');
  const join = useMutation({
    mutationFn: () => acceptInvite(token, { name: name.trim(), birth_date: birthDate }),
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: ['teams'] });
      onJoined(team);
    },
  });
  if (preview.isPending) return null;
  if (preview.isError) return <ErrorNote error={preview.error} />;
  if (preview.data.already_member || join.isSuccess) return null;
  return (
    <form
      className="team-card team-join"
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate();
      }}
      data-testid="team-join"
    >
      <h2 className="h5">{t('join.title', { team: preview.data.team_name })}</h2>
      <p className="text-body-secondary">{t('join.text', { count: preview.data.members })}</p>
      <div className="row g-2">
        <FormField
          className="col-sm-6"
          id={`${id}-name`}
          label={t('fields.name')}
          value={name}
          maxLength={TEAM_MEMBER_NAME_MAX}
          required
          onValueChange={setName}
        />
        <FormField
          className="col-sm-6"
          id={`${id}-birth`}
          label={t('fields.birthDate')}
          type="date"
          value={birthDate}
          required
          onValueChange={setBirthDate}
          data-testid="team-join-birth"
        />
      </div>
      <p className="small text-body-secondary mt-2">{t('join.privacy')}</p>
      <ErrorNote error={join.error} />
      <SubmitButton busy={join.isPending} disabled={!name.trim() || !birthDate}>
        {t('join.action')}
      </SubmitButton>
    </form>
  );
}

function Teams({ selected, onSelect }: { selected: string | null; onSelect: (id: string | null) => void }) {
  const { t } = useTranslation('team');
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: TEAM_KEYS.list, queryFn: fetchTeams });
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => createTeam(name.trim()),
    onSuccess: async (team) => {
      setName('');
      queryClient.setQueryData(TEAM_KEYS.team(team.id), team);
      await queryClient.invalidateQueries({ queryKey: TEAM_KEYS.list });
      onSelect(team.id);
    },
  });
  const teams = list.data ?? [];
  const current = teams.find((team) => team.id === selected) ?? teams[0] ?? null;
  return (
    <>
      {teams.length > 1 && (
        <nav className="team-switch" aria-label={t('management.yourTeams')}>
          {teams.map((team) => (
            <button
              key={team.id}
              type="button"
              className={`btn btn-sm ${team.id === current?.id ? 'btn-primary' : 'btn-outline-secondary'}`}
              onClick={() => onSelect(team.id)}
              aria-pressed={team.id === current?.id}
            >
              {team.name}
            </button>
          ))}
        </nav>
      )}
      {current && <TeamPanel id={current.id} onDeleted={() => onSelect(null)} />}
      <form
        className="team-card"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <h2 className="h5">{t('management.createTitle')}</h2>
        {teams.length === 0 && <p className="text-body-secondary">{t('management.intro')}</p>}
        <div className="input-group">
          <label className="visually-hidden" htmlFor={`${id}-team`}>
            {t('fields.teamName')}
          </label>
          <input
            id={`${id}-team`}
            className="form-control"
            placeholder={t('fields.teamName')}
            value={name}
            maxLength={TEAM_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            data-testid="team-name"
          />
          <SubmitButton busy={create.isPending} disabled={!name.trim()} data-testid="team-create">
            {t('management.create')}
          </SubmitButton>
        </div>
        <ErrorNote error={create.error} />
      </form>
    </>
  );
}

function TeamPanel({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const { t } = useTranslation('team');
  const lang = usePathLanguage();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: TEAM_KEYS.team(id), queryFn: () => fetchTeam(id) });
  const put = (data: Team) => queryClient.setQueryData(TEAM_KEYS.team(id), data);
  const remove = useMutation({ mutationFn: (memberId: string) => removeMember(id, memberId), onSuccess: put });
  const leave = useMutation({
    mutationFn: (memberId: string) => removeMember(id, memberId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['teams'] });
      onDeleted();
    },
  });
  const drop = useMutation({
    mutationFn: () => deleteTeam(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['teams'] });
      onDeleted();
    },
  });
  if (team.isPending) return null;
  if (team.isError) return <ErrorNote error={team.error} />;
  const data = team.data;
  const me = data.members.find((m) => m.is_you);
  return (
    <section className="team-panel" aria-labelledby={`team-${id}`} data-testid="team-panel">
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-2">
        <h2 id={`team-${id}`} className="h4 mb-0">
          {data.name}
        </h2>
        <Link className="btn btn-sm btn-outline-primary" to={`${localizedPath(lang, '/team/hr')}?team=${id}`}>
          {t('management.compare')}
        </Link>
      </div>
      <TeamMap team={data} lang={lang} onRemove={data.is_owner ? (memberId) => remove.mutate(memberId) : undefined} />
      <ErrorNote error={remove.error} />
      {data.is_owner ? (
        <>
          <InviteCard teamId={id} />
          <AddCard teamId={id} onAdded={put} />
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={drop.isPending}
            onClick={() => {
              if (window.confirm(t('management.deleteConfirm', { team: data.name }))) drop.mutate();
            }}
          >
            {t('management.delete')}
          </button>
        </>
      ) : (
        me && (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => leave.mutate(me.id)}>
            {t('management.leave')}
          </button>
        )
      )}
    </section>
  );
}

function InviteCard({ teamId }: { teamId: string }) {
  const { t } = useTranslation('team');
  const id = useId();
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const [email, setEmail] = useState('');
  const [copied, setCopied] = useState(false);
  const link = useMutation({ mutationFn: () => createInvite(teamId, {}) });
  const mail = useMutation({
    mutationFn: () => createInvite(teamId, { email: email.trim(), lang }),
    onSuccess: () => setEmail(''),
  });
  const url = link.data
    ? `${window.location.origin}${localizedPath(lang, '/team/management')}?invite=${link.data.token}`
    : '';
  return (
    <section className="team-card">
      <h3 className="h6">{t('invite.title')}</h3>
      {url ? (
        <div className="input-group mb-2">
          <input
            className="form-control"
            readOnly
            value={url}
            aria-label={t('invite.link')}
            data-testid="team-invite-link"
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? t('invite.copied') : t('invite.copy')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm mb-2"
          disabled={link.isPending}
          onClick={() => link.mutate()}
          data-testid="team-invite-create"
        >
          {t('invite.makeLink')}
        </button>
      )}
      <form
        className="input-group"
        onSubmit={(event) => {
          event.preventDefault();
          mail.mutate();
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          {t('invite.email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className="form-control"
          placeholder={t('invite.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={mail.isPending || !email.includes('@')}>
          {t('invite.send')}
        </button>
      </form>
      {mail.isSuccess && (
        <p className="small text-success mt-2 mb-0" role="status">
          {t('invite.sent')}
        </p>
      )}
      <ErrorNote error={link.error ?? mail.error} />
      <p className="small text-body-secondary mt-2 mb-0">{t('invite.expiry')}</p>
    </section>
  );
}

function AddCard({ teamId, onAdded }: { teamId: string; onAdded: (team: Team) => void }) {
  const { t } = useTranslation('team');
  const id = useId();
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const add = useMutation({
    mutationFn: () => addMember(teamId, { name: name.trim(), birth_date: birthDate }),
    onSuccess: (team) => {
      setName('');
      setBirthDate('');
      onAdded(team);
    },
  });
  return (
    <form
      className="team-card"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      <h3 className="h6">{t('add.title')}</h3>
      <p className="small text-body-secondary">{t('add.text')}</p>
      <div className="row g-2 align-items-end">
        <FormField
          className="col-sm-5"
          id={`${id}-name`}
          label={t('fields.name')}
          value={name}
          maxLength={TEAM_MEMBER_NAME_MAX}
          onValueChange={setName}
        />
        <FormField
          className="col-sm-4"
          id={`${id}-birth`}
          label={t('fields.birthDate')}
          type="date"
          value={birthDate}
          onValueChange={setBirthDate}
        />
        <div className="col-sm-3">
          <SubmitButton
            className="btn btn-outline-primary w-100"
            busy={add.isPending}
            disabled={!name.trim() || !birthDate}
          >
            {t('add.action')}
          </SubmitButton>
        </div>
      </div>
      <ErrorNote error={add.error} />
    </form>
  );
}
