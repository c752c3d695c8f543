import { calendarDay, kinEntity, type Language, parseDate } from '@hunab/calendar';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  /** False when the reader's own birth date heads the list as the main card: no saved card wears the mark then. */
  showPrimary?: boolean;
  onPick(card: Card): void;
  onEdit(card: Card): void;
  onDelete(card: Card): void;
}

/** The button of a list entry: its seal, name (with a badge), date and time, and kin; it opens the cycles. */
function PickButton(props: {
  name: string;
  birthDate: string;
  badge: string | null;
  lang: Language;
  onPick(): void;
  nameTestId: string;
}) {
  const { t } = useTranslation('cards');
  const kin = kinOf(props.birthDate, props.lang);
  const { date, time } = dateInputsOf(props.birthDate);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const shownDate = formatters(props.lang).date(new Date(year, month - 1, day), 'medium');
  return (
    <button
      type="button"
      className="card-item-pick"
      onClick={props.onPick}
      aria-label={t('item.open', { name: props.name })}
    >
      {kin ? (
        <SealGlyph seal={kin.sign.number} size={36} label="" decorative className="card-item-seal" />
      ) : (
        <span className="card-item-seal" />
      )}
      <span className="card-item-text">
        <span className="card-item-name">
          <span data-testid={props.nameTestId}>{props.name}</span>
          {props.badge && <span className="badge card-item-badge">{props.badge}</span>}
        </span>
        <span className="card-item-date">
          <bdi>{shownDate}</bdi>, <bdi>{time}</bdi>
        </span>
        {kin && <span className="card-item-kin">{t('item.kin', { number: kin.number, name: kin.name })}</span>}
      </span>
    </button>
  );
}

/**
 * The reader's own birth date, given at sign-up: the main card, first in the list. It is changed on the account
 * page, so it has a link there in place of edit and delete.
 */
export function MeItem(props: {
  name: string;
  birthDate: string;
  accountPath: string;
  lang: Language;
  onPick(): void;
}) {
  const { t } = useTranslation('cards');
  return (
    <li className="card-item is-primary" data-testid="card-me">
      <PickButton
        name={props.name}
        birthDate={props.birthDate}
        badge={t('item.primary')}
        lang={props.lang}
        onPick={props.onPick}
        nameTestId="card-me-name"
      />
      <div className="card-item-actions">
        <Link
          to={props.accountPath}
          className="btn btn-icon btn-icon-sm"
          aria-label={t('item.editMe')}
          title={t('item.editMe')}
          data-testid="card-me-edit"
        >
          <Icon name="edit" size={18} />
        </Link>
      </div>
    </li>
  );
}

/** One card of the list: a button that opens its cycles, then edit and delete (asking yes or no first). */
export function CardItem({ card, lang, showPrimary = true, onPick, onEdit, onDelete }: CardItemProps) {
  const { t } = useTranslation('cards');
  const [confirming, setConfirming] = useState(false);
  const noButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const primary = showPrimary && card.is_primary;

  useEffect(() => {
    if (confirming) noButton.current?.focus();
  }, [confirming]);

  const stopConfirming = () => {
    setConfirming(false);
    requestAnimationFrame(() => deleteButton.current?.focus());
  };

  return (
    <li className={`card-item${primary ? ' is-primary' : ''}`} data-testid="card-item" data-card-id={card.id}>
      <PickButton
        name={card.name}
        birthDate={card.birth_date}
        badge={primary ? t('item.primary') : null}
        lang={lang}
        onPick={() => onPick(card)}
        nameTestId="card-item-name"
      />
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
