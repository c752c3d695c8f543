import { kinEntity, type Language, toneOfKin } from '@hunab/calendar';
import { GAME_ANSWER_MAX, type GamePracticeKind } from '@hunab/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import type { GameToday } from './api.ts';

const SHARED = ['tone', 'seal', 'color', 'wavespell', 'castle'] as const;

/**
 * Today's kin held up to the player's own: where it stands on their oracle cross, what the two share, the day's
 * question (by its tone) and the answer or check-in. `onPractise` absent: a preview, nothing can be written.
 */
export function Mirror({
  today,
  lang,
  onPractise,
  pending = false,
  error = null,
}: {
  today: GameToday;
  lang: Language;
  onPractise?: (kind: GamePracticeKind, answer: string) => void;
  pending?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('game');
  const id = useId();
  const [answer, setAnswer] = useState('');
  const day = kinEntity(today.kin, lang);
  const own = today.own_kin ? kinEntity(today.own_kin, lang) : null;
  const shared = SHARED.filter((key) => today.shared[key]);
  const tone = toneOfKin(today.kin);
  return (
    <div className="game-mirror">
      <section className="game-card game-mirror-pair" aria-labelledby={`${id}-pair`}>
        <h2 id={`${id}-pair`} className="visually-hidden">
          {t('mirror.pairTitle')}
        </h2>
        <figure className="game-kin">
          <KinCard kin={today.kin} lang={lang} size="md" />
          <figcaption>
            <span className="small text-body-secondary d-block">{t('mirror.today', { date: today.date })}</span>
            <strong data-testid="game-day-kin">{day.name}</strong>
          </figcaption>
        </figure>
        <div className="game-mirror-relation" data-testid="game-relation" data-relation={today.relation ?? 'none'}>
          <span className="game-mirror-arrow" aria-hidden="true">
            ⇄
          </span>
          <strong>{t(`relations.${today.relation ?? 'none'}.name`)}</strong>
        </div>
        <figure className="game-kin">
          {own ? <KinCard kin={own.number} lang={lang} size="md" /> : <div className="game-kin-missing">?</div>}
          <figcaption>
            <span className="small text-body-secondary d-block">{t('mirror.yours')}</span>
            <strong>{own ? own.name : t('mirror.noBirthDate')}</strong>
          </figcaption>
        </figure>
      </section>

      <section className="game-card">
        <p className="mb-2">{t(`relations.${today.relation ?? 'none'}.text`)}</p>
        {shared.length > 0 && (
          <ul className="game-chips" aria-label={t('mirror.sharedLabel')}>
            {shared.map((key) => (
              <li key={key} className="game-chip">
                {t(`mirror.shared.${key}`)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="game-card" aria-labelledby={`${id}-prompt`}>
        <h2 id={`${id}-prompt`} className="h5">
          {t('mirror.promptTitle')}
        </h2>
        <p className="game-prompt" data-testid="game-prompt">
          {t(`prompts.tone${tone}`)}
        </p>
        {today.practice ? (
          <div className="game-done" data-testid="game-practised">
            <p className="mb-1">
              <strong>{t(today.practice.kind === 'reflection' ? 'mirror.reflected' : 'mirror.checkedIn')}</strong>
            </p>
            {today.practice.answer && <blockquote className="game-answer">{today.practice.answer}</blockquote>}
            <p className="text-body-secondary small mb-0">{t('mirror.comeBack')}</p>
          </div>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              onPractise?.('reflection', answer);
            }}
          >
            <label className="form-label" htmlFor={`${id}-answer`}>
              {t('mirror.answerLabel')}
            </label>
            <textarea
              id={`${id}-answer`}
              className="form-control mb-2"
              rows={3}
              maxLength={GAME_ANSWER_MAX}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              disabled={!onPractise}
              data-testid="game-answer"
            />
            {error && (
              <div className="alert alert-warning py-2" role="alert">
                {error}
              </div>
            )}
            <div className="d-flex flex-wrap gap-2">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={!onPractise || pending || answer.trim() === ''}
                data-testid="game-reflect"
              >
                {t('mirror.saveReflection')}
              </button>
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={!onPractise || pending}
                onClick={() => onPractise?.('checkin', '')}
                data-testid="game-checkin"
              >
                {t('mirror.checkIn')}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
