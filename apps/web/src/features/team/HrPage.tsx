import { castleEntity, kinEntity } from '@hunab/calendar';
import { TEAM_MEMBER_NAME_MAX } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormField, SelectField } from '../../components/FormField.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../auth/session.ts';
import { compareCandidate, fetchTeams, TEAM_KEYS } from './api.ts';
import './team.css';

const ADDS = ['color', 'castle', 'tone', 'seal'] as const;

/** /team/hr: a candidate's birth date against a team; nothing is kept unless the owner saves them. */
export default function HrPage() {
  const { t } = useTranslation('team');
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const session = useSession();
  const id = useId();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  usePageTitle(t('hr.title'));
  const list = useQuery({ queryKey: TEAM_KEYS.list, queryFn: fetchTeams, enabled: session.status === 'authenticated' });
  const [teamId, setTeamId] = useState(params.get('team') ?? '');
  const [birthDate, setBirthDate] = useState('');
  const [name, setName] = useState('');
  const teams = list.data ?? [];
  const team = teams.find((item) => item.id === teamId) ?? teams[0] ?? null;
  const compare = useMutation({
    mutationFn: (save: boolean) =>
      compareCandidate(team?.id ?? '', { birth_date: birthDate, ...(name.trim() ? { name: name.trim() } : {}), save }),
    onSuccess: (result) => {
      if (result.saved_member_id) void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
  });
  const result = compare.data;

  if (session.status === 'anonymous') {
    return (
      <div className="team-page">
        <h1 className="h3">{t('hr.title')}</h1>
        <section className="team-card">
          <p>{t('hr.intro')}</p>
          <Link className="btn btn-primary" to={localizedPath(lang, '/login')} state={{ from: location.pathname }}>
            {t('management.login')}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="team-page">
      <h1 className="h3">{t('hr.title')}</h1>
      <p className="text-body-secondary">{t('hr.intro')}</p>
      {list.data && teams.length === 0 && (
        <p>
          <Link to={localizedPath(lang, '/team/management')}>{t('hr.noTeam')}</Link>
        </p>
      )}
      {team && (
        <form
          className="team-card"
          onSubmit={(event) => {
            event.preventDefault();
            compare.mutate(false);
          }}
        >
          <div className="row g-2 align-items-end">
            <SelectField
              className="col-sm-4"
              id={`${id}-team`}
              label={t('hr.team')}
              value={team.id}
              options={teams.map((item) => item.id)}
              optionLabel={(teamId) => teams.find((item) => item.id === teamId)?.name}
              onValueChange={(teamId) => {
                setTeamId(teamId);
                compare.reset();
              }}
            />
            <FormField
              className="col-sm-4"
              id={`${id}-birth`}
              label={t('hr.birthDate')}
              type="date"
              value={birthDate}
              required
              onValueChange={setBirthDate}
              data-testid="hr-birth"
            />
            <FormField
              className="col-sm-4"
              id={`${id}-name`}
              label={t('hr.name')}
              value={name}
              maxLength={TEAM_MEMBER_NAME_MAX}
              onValueChange={setName}
            />
          </div>
          <p className="small text-body-secondary mt-2">{t('hr.privacy')}</p>
          <SubmitButton busy={compare.isPending} disabled={!birthDate} data-testid="hr-compare">
            {t('hr.compare')}
          </SubmitButton>
          {compare.isError && (
            <div className="alert alert-warning py-2 mt-2" role="alert">
              {t([`errors.${(compare.error as { code?: string }).code ?? ''}`, 'errors.generic'])}
            </div>
          )}
        </form>
      )}
      {result && (
        <section className="team-card" data-testid="hr-result" aria-live="polite">
          <div className="team-composite mb-3">
            <KinCard kin={result.kin} lang={lang} size="md" />
            <div>
              <strong className="d-block">{kinEntity(result.kin, lang).name}</strong>
              <span className="small d-block">
                {t(`colors.${result.color}`)} · {castleEntity(result.kin, lang).name}
              </span>
              <span className="small d-block">
                {t('map.wavespellPlace', { wavespell: result.wavespell, tone: result.tone })}
              </span>
            </div>
          </div>
          <h2 className="h6">{t('hr.relations')}</h2>
          {result.relations.length === 0 ? (
            <p className="small text-body-secondary">{t('hr.noRelations')}</p>
          ) : (
            <ul>
              {result.relations.map((relation) => (
                <li key={relation.member_id}>
                  <strong>{relation.name}</strong>: {t(`relations.${relation.relation}`)}
                </li>
              ))}
            </ul>
          )}
          <h2 className="h6">{t('hr.adds')}</h2>
          <ul className="team-adds">
            {ADDS.filter((key) => result.adds[key]).map((key) => (
              <li key={key}>{t(`hr.addsWhat.${key}`)}</li>
            ))}
            {ADDS.every((key) => !result.adds[key]) && <li>{t('hr.addsNothing')}</li>}
          </ul>
          <p className="small">{t('hr.compositeWith', { name: kinEntity(result.composite_kin_with, lang).name })}</p>
          {team?.is_owner && !result.saved_member_id && (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={!name.trim() || compare.isPending}
              onClick={() => compare.mutate(true)}
            >
              {t('hr.save')}
            </button>
          )}
          {result.saved_member_id && (
            <p className="text-success small mb-0" role="status">
              {t('hr.saved')}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
