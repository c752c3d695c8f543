import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { CircuitOpenError } from '../../lib/circuit-breaker.ts';
import { localizedPath, splitLanguage } from '../../lib/languages.ts';
import { meOf } from '../../lib/me.ts';
import { SESSION_KEYS, session } from '../../lib/storage.ts';
import { useSession } from '../auth/session.ts';
import type { CardBody } from './api.ts';
import { CARDS_TOGGLE_ID, cardsBar } from './bar.ts';
import { CardForm } from './CardForm.tsx';
import { CardItem, MeItem } from './CardItem.tsx';
import { clearDraft, readDraft, saveDraft } from './localStore.ts';
import {
  type Card,
  type CardFormValues,
  cyclesHref,
  dateInputsOf,
  EMPTY_FORM,
  FIRST_RENDER_COUNT,
  filterCards,
  pickStaysInPage,
  SECOND_RENDER_MS,
} from './model.ts';
import { changedFields, useCards } from './useCards.ts';
import './cards.css';

type Editing = { mode: 'create'; initial: CardFormValues } | { mode: 'edit'; card: Card } | null;

const NARROW = '(max-width: 991.98px)';

/** The first 12 cards at once, all of them 60 ms later, so a long list does not hold up the bar's first paint. */
function useRenderInSteps<T>(items: T[]): T[] {
  const [all, setAll] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setAll(true), SECOND_RENDER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return all ? items : items.slice(0, FIRST_RENDER_COUNT);
}

/**
 * The cards side bar (spec 001 section 2): search, add, edit, delete. Picking a card opens its cycles at
 * /dash/cycles#{base64 of the birth date}, in the page on /dash and /dash/cycles, else with a full page load.
 */
export default function CardsBar() {
  const { t } = useTranslation('cards');
  const titleId = useId();
  const { pathname } = useLocation();
  const { lang, path } = splitLanguage(pathname);
  const navigate = useNavigate();
  const cards = useCards();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(() => {
    const draft = readDraft();
    return draft ? { mode: 'create', initial: draft } : null;
  });
  const bar = useRef<HTMLElement>(null);
  const found = useMemo(() => filterCards(cards.cards, query), [cards.cards, query]);
  const shown = useRenderInSteps(found);
  const signedIn = useSession();
  const me = signedIn.status === 'authenticated' ? meOf(signedIn.user) : null;
  const meName = me?.name ?? t('item.me');
  const meShown = me !== null && filterCards([{ name: meName }], query).length > 0;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !bar.current?.contains(event.target as Node)) return;
      cardsBar.close();
      document.getElementById(CARDS_TOGGLE_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!bar.current?.contains(document.activeElement)) bar.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const pick = (birthDate: string) => {
    session.set(SESSION_KEYS.cyclesClientOnly, '1');
    const href = cyclesHref(localizedPath(lang, '/dash/cycles'), birthDate);
    if (!pickStaysInPage(path)) {
      window.location.assign(href);
      return;
    }
    navigate(href);
    if (window.matchMedia(NARROW).matches) cardsBar.close();
  };

  const startAdding = () => {
    if (cards.roomForOne()) setEditing({ mode: 'create', initial: readDraft() ?? EMPTY_FORM });
  };

  const finish = () => {
    clearDraft();
    setEditing(null);
  };

  const save = async (body: CardBody, typed: string): Promise<string | null> => {
    if (!editing) return null;
    const outcome =
      editing.mode === 'create'
        ? await cards.add(body, typed)
        : await cards.update(editing.card, changedFields(editing.card, body), typed);
    if (outcome.ok) {
      finish();
      return null;
    }
    return outcome.reason === 'limit' ? 'errors.limit' : 'errors.saveFailed';
  };

  return (
    <aside ref={bar} className="cards-bar" aria-labelledby={titleId} data-testid="cards-bar">
      <div className="cards-bar-header">
        <h2 id={titleId} className="h5 mb-0">
          {t('bar.title')}
        </h2>
        {cards.limits && (
          <span className="cards-bar-usage" data-testid="cards-usage">
            {t('bar.usage', { count: cards.limits.count, limit: cards.limits.limit })}
          </span>
        )}
        <button
          type="button"
          className="btn btn-icon ms-auto"
          onClick={cardsBar.close}
          aria-label={t('bar.close')}
          title={t('bar.close')}
        >
          <Icon name="close" />
        </button>
      </div>
      {editing ? (
        <CardForm
          key={editing.mode === 'edit' ? editing.card.id : 'new'}
          mode={editing.mode}
          initial={editing.mode === 'edit' ? formValuesOf(editing.card) : editing.initial}
          onSave={save}
          onCancel={finish}
          onDraft={editing.mode === 'create' ? saveDraft : undefined}
          offerPrimary={me === null}
        />
      ) : (
        <>
          <div className="cards-bar-tools">
            <input
              type="search"
              className="form-control"
              placeholder={t('bar.search')}
              aria-label={t('bar.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              data-testid="cards-search"
            />
            <button type="button" className="btn btn-primary" onClick={startAdding} data-testid="cards-add">
              <Icon name="plus" size={18} />
              <span>{t('bar.add')}</span>
            </button>
          </div>
          <CardsNotice mode={cards.mode} stale={cards.stale} error={cards.error} />
          {cards.loading ? (
            <p className="cards-bar-empty" role="status">
              {t('bar.loading')}
            </p>
          ) : shown.length === 0 && !meShown ? (
            <p className="cards-bar-empty" role="status">
              {cards.cards.length === 0 ? t('bar.empty') : t('bar.noMatches', { query: query.trim() })}
            </p>
          ) : (
            <ul className="cards-list" data-testid="cards-list">
              {me && meShown && (
                <MeItem
                  name={meName}
                  birthDate={me.birthDate}
                  accountPath={localizedPath(lang, '/account')}
                  lang={lang}
                  onPick={() => pick(me.birthDate)}
                />
              )}
              {shown.map((card) => (
                <CardItem
                  key={card.id}
                  card={card}
                  lang={lang}
                  showPrimary={me === null}
                  onPick={(c) => pick(c.birth_date)}
                  onEdit={(c) => setEditing({ mode: 'edit', card: c })}
                  onDelete={(c) => void cards.remove(c)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </aside>
  );
}

function formValuesOf(card: Card): CardFormValues {
  const { date, time } = dateInputsOf(card.birth_date);
  return { name: card.name, date, time, description: card.description ?? '', is_primary: card.is_primary };
}

/** Where the list comes from when it is not simply the account's: this device, or the last copy fetched. */
function CardsNotice({ mode, stale, error }: { mode: 'guest' | 'account'; stale: boolean; error: Error | null }) {
  const { t } = useTranslation('cards');
  if (mode === 'guest') {
    return <p className="cards-bar-note">{t('bar.onDevice')}</p>;
  }
  if (!stale) return null;
  return (
    <div className="alert alert-warning py-2 small" role="status" data-testid="cards-stale">
      {error instanceof CircuitOpenError ? t('errors.circuitOpen') : t('errors.fetchFailed')}
      {error instanceof CircuitOpenError && <small className="d-block text-body-secondary">{error.message}</small>}
    </div>
  );
}
