import { GAME_ALIAS_MAX, GAME_ALIAS_MIN, GAME_CYCLES } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { CheckField } from '../../components/FormField.tsx';
import { RadioOptions } from '../../components/RadioOptions.tsx';
import { TimeZoneField } from '../../components/TimeZoneField.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { zoneOptions } from '../../lib/time-zones.ts';
import { useSession } from '../auth/session.ts';
import { fetchMe, GAME_KEYS, saveProfile, startGoal } from './api.ts';
import { clearDraft, readDraft, type SetupDraft, writeDraft } from './draft.ts';
import './game.css';

const STEPS = ['profile', 'goal', 'auth', 'complete'] as const;
type Step = (typeof STEPS)[number];

/** An alias the server will take: letters and digits first, no four digits in a row (no year, no date). */
export function aliasProblem(alias: string): 'short' | 'chars' | 'date' | null {
  const value = alias.trim();
  if (value.length < GAME_ALIAS_MIN) return 'short';
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(value)) return 'chars';
  if (/\d{4}/.test(value)) return 'date';
  return null;
}

/** The four steps of the game's setup: a public alias and time zone, a goal, sign-in for guests, the start. */
export default function SetupPage() {
  const { t } = useTranslation('game');
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const step = (STEPS.find((s) => location.pathname.endsWith(`/setup/${s}`)) ?? 'profile') as Step;
  const [draft, setDraft] = useState<SetupDraft>(readDraft);
  const update = (change: Partial<SetupDraft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    writeDraft(next);
  };
  usePageTitle(t('setup.title'));
  // A player who set up before (on another device) starts from their saved profile.
  const signedIn = useSession().status === 'authenticated';
  const me = useQuery({ queryKey: GAME_KEYS.me, queryFn: fetchMe, enabled: signedIn });
  const saved = me.data?.profile;
  useEffect(() => {
    if (saved && !readDraft().alias) {
      setDraft((current) => ({
        ...current,
        alias: saved.alias,
        time_zone: saved.time_zone,
        leaderboard_opt_in: saved.leaderboard_opt_in,
      }));
    }
  }, [saved]);
  return (
    <div className="game-page game-setup">
      <h1 className="h3">{t('setup.title')}</h1>
      <ol className="game-steps" aria-label={t('setup.stepsLabel')}>
        {STEPS.map((s, i) => (
          <li key={s} className={s === step ? 'is-current' : ''} aria-current={s === step ? 'step' : undefined}>
            <span className="game-step-number">{i + 1}</span> {t(`setup.steps.${s}`)}
          </li>
        ))}
      </ol>
      {step === 'profile' && (
        <ProfileStep draft={draft} update={update} next={localizedPath(lang, '/game/setup/goal')} />
      )}
      {step === 'goal' && <GoalStep draft={draft} update={update} next={localizedPath(lang, '/game/setup/auth')} />}
      {step === 'auth' && <AuthStep />}
      {step === 'complete' && <CompleteStep draft={draft} />}
    </div>
  );
}

/** A step of the setup: the draft so far, how to change it, and where the step leads. */
interface StepProps {
  draft: SetupDraft;
  update: (c: Partial<SetupDraft>) => void;
  next: string;
}

function ProfileStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const id = useId();
  const lang = usePathLanguage();
  const [touched, setTouched] = useState(false);
  const problem = aliasProblem(draft.alias);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) navigate(next);
  };
  return (
    <form className="game-card" onSubmit={submit} noValidate>
      <h2 className="h5">{t('setup.profile.title')}</h2>
      <p className="text-body-secondary">{t('setup.profile.text')}</p>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-alias`}>
          {t('setup.profile.alias')}
        </label>
        <input
          id={`${id}-alias`}
          className={`form-control ${touched && problem ? 'is-invalid' : ''}`}
          value={draft.alias}
          maxLength={GAME_ALIAS_MAX}
          autoComplete="nickname"
          aria-describedby={`${id}-alias-help`}
          onChange={(event) => update({ alias: event.target.value })}
          data-testid="game-alias"
        />
        <div id={`${id}-alias-help`} className={touched && problem ? 'invalid-feedback' : 'form-text'}>
          {touched && problem ? t(`setup.profile.aliasProblem.${problem}`) : t('setup.profile.aliasHelp')}
        </div>
      </div>
      <TimeZoneField
        id={`${id}-zone`}
        label={t('setup.profile.timeZone')}
        searchLabel={t('setup.profile.timeZoneSearch')}
        noMatch={t('setup.profile.timeZoneNone')}
        lang={lang}
        value={draft.time_zone}
        onValueChange={(zone) => update({ time_zone: zone })}
        hint={t('setup.profile.timeZoneHelp')}
        data-testid="game-time-zone"
      />
      <CheckField
        id={`${id}-board`}
        className="mb-3"
        label={t('setup.profile.leaderboard')}
        checked={draft.leaderboard_opt_in}
        onCheckedChange={(checked) => update({ leaderboard_opt_in: checked })}
      />
      <button type="submit" className="btn btn-primary" data-testid="game-next">
        {t('setup.next')}
      </button>
    </form>
  );
}

function GoalStep({ draft, update, next }: StepProps) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  return (
    <form
      className="game-card"
      onSubmit={(event) => {
        event.preventDefault();
        navigate(next);
      }}
    >
      <fieldset>
        <legend className="h5">{t('setup.goal.title')}</legend>
        <p className="text-body-secondary">{t('setup.goal.text')}</p>
        <CycleChoice value={draft.cycle} onChange={(cycle) => update({ cycle })} />
      </fieldset>
      <button type="submit" className="btn btn-primary mt-3" data-testid="game-next">
        {t('setup.next')}
      </button>
    </form>
  );
}

export function CycleChoice({
  value,
  onChange,
}: {
  value: SetupDraft['cycle'];
  onChange: (cycle: SetupDraft['cycle']) => void;
}) {
  const { t } = useTranslation('game');
  const name = useId();
  return (
    <div className="game-cycles">
      <RadioOptions
        name={name}
        options={GAME_CYCLES}
        value={value}
        onChange={onChange}
        optionClassName={(chosen) => `game-cycle ${chosen ? 'is-chosen' : ''}`}
      >
        {(cycle) => (
          <span>
            <strong>{t(`cycles.${cycle}.name`)}</strong>
            <span className="d-block small text-body-secondary">{t(`cycles.${cycle}.text`)}</span>
          </span>
        )}
      </RadioOptions>
    </div>
  );
}

function AuthStep() {
  const { t } = useTranslation('game');
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const session = useSession();
  const complete = localizedPath(lang, '/game/setup/complete');
  if (session.status === 'authenticated') return <Navigate replace to={complete} />;
  return (
    <section className="game-card">
      <h2 className="h5">{t('setup.auth.title')}</h2>
      <p className="text-body-secondary">{t('setup.auth.text')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to={localizedPath(lang, '/login')} state={{ from: complete }}>
          {t('setup.auth.login')}
        </Link>
        <Link className="btn btn-outline-primary" to={localizedPath(lang, '/register')} state={{ from: complete }}>
          {t('setup.auth.register')}
        </Link>
      </div>
    </section>
  );
}

function CompleteStep({ draft }: { draft: SetupDraft }) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const lang = usePathLanguage();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: async () => {
      await saveProfile({
        alias: draft.alias.trim(),
        time_zone: draft.time_zone,
        leaderboard_opt_in: draft.leaderboard_opt_in,
      });
      await startGoal(draft.cycle);
    },
    onSuccess: async () => {
      clearDraft();
      await queryClient.invalidateQueries({ queryKey: ['game'] });
      navigate(localizedPath(lang, '/game/mirror'));
    },
  });
  const code = (start.error as { code?: string } | null)?.code ?? '';
  const problem = aliasProblem(draft.alias);
  return (
    <section className="game-card">
      <h2 className="h5">{t('setup.complete.title')}</h2>
      <dl className="game-summary">
        <dt>{t('setup.profile.alias')}</dt>
        <dd data-testid="game-summary-alias">{draft.alias || '—'}</dd>
        <dt>{t('setup.profile.timeZone')}</dt>
        <dd>{zoneOptions(lang).find((zone) => zone.id === draft.time_zone)?.label ?? draft.time_zone}</dd>
        <dt>{t('setup.goal.title')}</dt>
        <dd>{t(`cycles.${draft.cycle}.name`)}</dd>
        <dt>{t('tabs.leaderboard')}</dt>
        <dd>{draft.leaderboard_opt_in ? t('setup.complete.onBoard') : t('setup.complete.offBoard')}</dd>
      </dl>
      {start.isError && (
        <div className="alert alert-warning" role="alert">
          {t([`errors.${code}`, 'errors.generic'])}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={start.isPending || problem !== null}
          onClick={() => start.mutate()}
          data-testid="game-start"
        >
          {t('setup.complete.start')}
        </button>
        <Link className="btn btn-outline-secondary" to={localizedPath(lang, '/game/setup/profile')}>
          {t('setup.complete.edit')}
        </Link>
      </div>
    </section>
  );
}
