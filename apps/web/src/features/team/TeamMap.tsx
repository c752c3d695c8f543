import { castleEntity, kinEntity, type Language } from '@hunab/calendar';
import type { Team } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { KinCard } from '../../components/glyphs/KinCard.tsx';

/**
 * The team map: each member's kin with its colour family, castle and place in its wavespell; the oracle pairs
 * between members; the team's composite kin.
 */
export function TeamMap({
  team,
  lang,
  onRemove,
}: {
  team: Team;
  lang: Language;
  onRemove?: (memberId: string) => void;
}) {
  const { t } = useTranslation('team');
  const nameOf = new Map(team.members.map((m) => [m.id, m.name]));
  const colors = new Set(team.members.map((m) => m.color));
  const castles = new Set(team.members.map((m) => m.castle));
  return (
    <div className="team-map">
      <ul className="team-members" data-testid="team-members">
        {team.members.map((member) => (
          <li key={member.id} className="team-member" data-testid="team-member" data-kin={member.kin}>
            <KinCard kin={member.kin} lang={lang} size="sm" />
            <div className="team-member-body">
              <strong className="team-member-name">{member.name}</strong>
              <span className="small text-body-secondary d-block">{kinEntity(member.kin, lang).name}</span>
              <span className="small d-block">
                {t(`colors.${member.color}`)} · {castleEntity(member.kin, lang).name}
              </span>
              <span className="small d-block">
                {t('map.wavespellPlace', { wavespell: member.wavespell, tone: member.tone })}
              </span>
              <span className="team-badges">
                {member.is_owner && <span className="badge text-bg-primary">{t('map.owner')}</span>}
                {member.is_you && <span className="badge text-bg-secondary">{t('map.you')}</span>}
                {member.is_card && <span className="badge text-bg-light border">{t('map.card')}</span>}
              </span>
            </div>
            {onRemove && !member.is_owner && (
              <button
                type="button"
                className="btn btn-sm btn-link text-danger team-member-remove"
                onClick={() => onRemove(member.id)}
                aria-label={t('map.remove', { name: member.name })}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {team.members.length === 0 && <p className="text-body-secondary">{t('map.empty')}</p>}

      <section className="team-card">
        <h3 className="h6">{t('map.pairs')}</h3>
        {team.pairs.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t('map.noPairs')}</p>
        ) : (
          <ul className="team-pairs" data-testid="team-pairs">
            {team.pairs.map((pair) => (
              <li key={`${pair.a}-${pair.b}`}>
                <strong>{nameOf.get(pair.a)}</strong> ⇄ <strong>{nameOf.get(pair.b)}</strong>:{' '}
                {t(`relations.${pair.relation}`)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="team-card team-summary">
        {team.composite_kin && (
          <div className="team-composite" data-testid="team-composite">
            <KinCard kin={team.composite_kin} lang={lang} size="sm" />
            <div>
              <span className="small text-body-secondary d-block">{t('map.composite')}</span>
              <strong>{kinEntity(team.composite_kin, lang).name}</strong>
            </div>
          </div>
        )}
        <p className="small mb-0">{t('map.spread', { colors: colors.size, castles: castles.size })}</p>
      </section>
    </div>
  );
}
