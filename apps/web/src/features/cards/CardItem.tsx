import { calendarDay, kinEntity, type Language, parseDate } from '@hunab/calendar';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SealGlyph } from '../../components/glyphs/SealGlyph.tsx';
import { Icon } from '../../components/Icon.tsx';
import { formatters } from '../../lib/languages.ts';
import { type Card, dateInputsOf } from './model.ts';

/** The kin of a card's birth date, or null when its date is outside what the calendar counts. */
function kinOf(birthDate: string, lang: Language) {
  try {
    return kinEntity(calendarDay(parseDate(dateInputsOf(birthDate).date)).kin.number, lang);
  } catch {
    return null;
  }
}

export interface CardItemProps {
  card: Card;
  lang: Language;
  onPick(card: Card): void;
  onEdit(card: Card): void;
  onDelete(card: Card): void;
}

/** One card of the list: a button that opens its cycles, then edit and delete (asking yes or no first). */
export function CardItem({ card, lang, onPick, onEdit, onDelete }: CardItemProps) {
  const { t } = useTranslation('cards');
  const [confirming, setConfirming] = useState(false);
  const noButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const kin = kinOf(card.birth_date, lang);
  const { date, time } = dateInputsOf(card.birth_date);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const shownDate = formatters(lang).date(new Date(year, month - 1, day), 'medium');

  useEffect(() => {
    if (confirming) noButton.current?.focus();
  }, [confirming]);

  const stopConfirming = () => {
    setConfirming(false);
    requestAnimationFrame(() => deleteButton.current?.focus());
  };

  return (
    <li className={`card-item${card.is_primary ? ' is-primary' : ''}`} data-testid="card-item" data-card-id={card.id}>
      <button
        type="button"
        className="card-item-pick"
        onClick={() => onPick(card)}
        aria-label={t('item.open', { name: card.name })}
      >
        {kin ? (
          <SealGlyph seal={kin.sign.number} size={36} label="" decorative className="card-item-seal" />
        ) : (
          <span className="card-item-seal" />
        )}
        <span className="card-item-text">
          <span className="card-item-name">
            <span data-testid="card-item-name">{card.name}</span>
            {card.is_primary && <span className="badge card-item-badge">{t('item.primary')}</span>}
          </span>
          <span className="card-item-date">
            <bdi>{shownDate}</bdi>, <bdi>{time}</bdi>
          </span>
          {kin && <span className="card-item-kin">{t('item.kin', { number: kin.number, name: kin.name })}</span>}
        </span>
      </button>
      {confirming ? (
        <fieldset className="card-item-confirm">
          <legend>{t('item.confirmDelete', { name: card.name })}</legend>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            onClick={() => {
              setConfirming(false);
              onDelete(card);
            }}
            data-testid="card-delete-yes"
          >
            {t('item.yes')}
          </button>
          <button ref={noButton} type="button" className="btn btn-sm btn-outline-secondary" onClick={stopConfirming}>
            {t('item.no')}
          </button>
        </fieldset>
      ) : (
        <div className="card-item-actions">
          <button
            type="button"
            className="btn btn-icon btn-icon-sm"
            onClick={() => onEdit(card)}
            aria-label={t('item.edit', { name: card.name })}
            title={t('item.edit', { name: card.name })}
            data-testid="card-edit"
          >
            <Icon name="edit" size={18} />
          </button>
          <button
            ref={deleteButton}
            type="button"
            className="btn btn-icon btn-icon-sm"
            onClick={() => setConfirming(true)}
            aria-label={t('item.delete', { name: card.name })}
            title={t('item.delete', { name: card.name })}
            data-testid="card-delete"
          >
            <Icon name="trash" size={18} />
          </button>
        </div>
      )}
    </li>
  );
}
