import { isValidDateText } from '@hunab/calendar';
import type { Card, Compat } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ActionCard } from '../../components/ActionCard.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { api } from '../../lib/api.ts';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { meOf } from '../../lib/me.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../auth/session.ts';
import './compat.css';

function useCompat(a: string, b: string, lang: Language, userId: string) {
  return useQuery({
    queryKey: ['compat', a, b, lang, userId],
    queryFn: () => api<{ data: Compat }>(`/compat?a=${a}&b=${b}&lang=${lang}`).then((reply) => reply.data),
    enabled: isValidDateText(a) && isValidDateText(b),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's saved cards, to pick either side from. */
function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: ['compat', 'cards'],
    queryFn: () => api<{ data: Card[] }>('/cards').then((reply) => reply.data),
    enabled,
    staleTime: 60_000,
  });
}

/** A birth date either side can be filled from: the reader's own first, then their saved cards. */
interface Choice {
  key: string;
  label: string;
  date: string;
}

function Side(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  choices: Choice[];
  testId: string;
}) {
  const { t } = useTranslation('compat');
  const id = `compat-${props.testId}`;
  return (
    <div className="compat-side">
      <label className="form-label fw-semibold" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        type="date"
        className="form-control"
        min="1000-01-01"
        max="9999-12-31"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={id}
      />
      {props.choices.length > 0 && (
        <select
          className="form-select form-select-sm mt-2"
          aria-label={t('fromCard')}
          value=""
          onChange={(event) => props.onChange(event.target.value)}
          data-testid={`${id}-card`}
        >
          <option value="">{t('fromCard')}</option>
          {props.choices.map((choice) => (
            <option key={choice.key} value={choice.date}>
              {choice.label} · {choice.date}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function Paragraphs({ text }: { text: string }): ReactNode {
  return text
    .split(/\n{2,}/)
    .map((block) => block.replace(/^#+\s*/gm, '').trim())
    .filter(Boolean)
    .map((block) => <p key={block.slice(0, 40)}>{block}</p>);
}

function Result({ data, lang, shareUrl }: { data: Compat; lang: Language; shareUrl: string }) {
  const { t } = useTranslation('compat');
  const [copied, setCopied] = useState(false);
  const imageQuery = `a=${data.a.date}&b=${data.b.date}&lang=${lang}`;
  return (
    <section className="compat-result" data-testid="compat-result" aria-live="polite">
      <div className="compat-cards">
        <figure>
          <KinCard kin={data.a.kin.number} lang={lang} size="md" />
          <figcaption>
            <strong>{data.a.kin.name}</strong>
            <span className="small text-body-secondary d-block">{data.a.date}</span>
          </figcaption>
        </figure>
        <span className="compat-sign" aria-hidden="true">
          +
        </span>
        <figure>
          <KinCard kin={data.b.kin.number} lang={lang} size="md" />
          <figcaption>
            <strong>{data.b.kin.name}</strong>
            <span className="small text-body-secondary d-block">{data.b.date}</span>
          </figcaption>
        </figure>
        <span className="compat-sign" aria-hidden="true">
          =
        </span>
        <figure data-testid="compat-composite">
          <KinCard kin={data.composite.number} lang={lang} size="md" />
          <figcaption>
            <strong>{data.composite.name}</strong>
            <span className="small text-body-secondary d-block">{t('composite')}</span>
          </figcaption>
        </figure>
      </div>

      <ul className="compat-relations list-unstyled" data-testid="compat-relations">
        {data.relations.map((relation) => (
          <li key={relation.type} className="badge text-bg-primary" data-relation={relation.type}>
            {relation.title}
          </li>
        ))}
        <li className="badge text-bg-secondary" data-relation={`color_${data.color.type}`}>
          {data.color.title}
        </li>
      </ul>

      <h2 className="h5">{t('summary')}</h2>
      <p className="lead fs-6" data-testid="compat-summary">
        {data.summary}
      </p>

      <div className="d-flex gap-2 flex-wrap mb-4">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() =>
            void navigator.clipboard?.writeText(shareUrl).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          data-testid="compat-copy-link"
        >
          {copied ? t('linkCopied') : t('copyLink')}
        </button>
        <ShareButton
          image={`/api/share/compat.png?${imageQuery}`}
          fileName={`hunab-compat-${data.a.kin.number}-${data.b.kin.number}.png`}
          title={`${data.a.kin.name} + ${data.b.kin.name}`}
          url={shareUrl}
        />
      </div>

      {data.reading ? (
        <div className="compat-reading" data-testid="compat-reading">
          <h2 className="h5">{t('fullReading')}</h2>
          {data.reading.relations.map((relation) => (
            <section key={relation.type}>
              <h3 className="h6">{relation.title}</h3>
              <p>{relation.text}</p>
            </section>
          ))}
          {[data.reading.seal, data.reading.tone].map(
            (reading) =>
              reading && (
                <section key={reading.title}>
                  <h3 className="h6">{reading.title}</h3>
                  {reading.summary && <p className="fst-italic">{reading.summary}</p>}
                  <Paragraphs text={reading.text} />
                </section>
              ),
          )}
        </div>
      ) : (
        <ActionCard
          className="compat-locked settings-card"
          text={t('locked')}
          to={localizedPath(lang, '/subscription')}
          action={t('subscribe')}
          data-testid="compat-locked"
        />
      )}
    </section>
  );
}

/** Two people side by side (/compat?a=YYYY-MM-DD&b=YYYY-MM-DD): the link holds both dates, so it can be shared. */
export default function CompatPage() {
  const { t } = useTranslation('compat');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const a = params.get('a') ?? session.user?.birth_date ?? '';
  const b = params.get('b') ?? '';
  const signedIn = session.status === 'authenticated' && !!session.user;
  const cards = useSavedCards(signedIn);
  const me = signedIn ? meOf(session.user) : null;
  const choices: Choice[] = [
    ...(me ? [{ key: 'me', label: me.name ?? t('me'), date: me.birthDate }] : []),
    ...(cards.data ?? []).map((card) => ({ key: card.id, label: card.name, date: card.birth_date.slice(0, 10) })),
  ];
  const result = useCompat(a, b, lang, signedIn ? String(session.user?.id) : '');

  usePageTitle(t('title'));

  const set = (key: 'a' | 'b', value: string) => {
    const next = new URLSearchParams(params);
    next.set('a', a);
    next.set(key, value);
    if (!next.get('a')) next.delete('a');
    if (!next.get('b')) next.delete('b');
    setParams(next, { replace: true });
  };

  const shareUrl = typeof window === 'undefined' ? '' : `${window.location.origin}${pathname}?a=${a}&b=${b}`;

  return (
    <article className="compat-page">
      <h1 className="h3">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <div className="compat-form">
        <Side label={t('first')} value={a} onChange={(v) => set('a', v)} choices={choices} testId="a" />
        <Side label={t('second')} value={b} onChange={(v) => set('b', v)} choices={choices} testId="b" />
      </div>
      {result.isError && (
        <p className="alert alert-danger" role="alert">
          {t('failed')}
        </p>
      )}
      {!(isValidDateText(a) && isValidDateText(b)) && <p className="text-body-secondary">{t('pickBoth')}</p>}
      {result.data && <Result data={result.data} lang={lang} shareUrl={shareUrl} />}
    </article>
  );
}
