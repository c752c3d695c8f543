import { EMAIL_TOPICS, type EmailListState, type EmailPreferences, type EmailTopic } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../lib/api.ts';
import { chooseTopic, fetchEmailPreferences, TOPICS_KEY } from '../lib/email-topics.ts';
import { isLanguage, LANGUAGE_CONFIG, type Language } from '../lib/languages.ts';
import { CheckField } from './FormField.tsx';

type TopicChange = { lang: Language; topic: EmailTopic; subscribed: boolean };

/**
 * The topics of a language's mailing list, one switch each. A switch saves at once; turning one on records the
 * consent (the text below the switches, with its version) and, for an address the list has not confirmed, sends
 * the list's confirmation email: nothing else comes before the link is followed. Shown on the email preferences and
 * at onboarding; its words are in the `reminders` namespace.
 */
export function EmailTopics({ className = 'settings-card mb-3' }: { className?: string }) {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const query = useQuery({ queryKey: TOPICS_KEY, queryFn: fetchEmailPreferences });
  const [chosen, setChosen] = useState<Language | null>(null);
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  // The switch being moved shows its new state from the click itself, before any request: a controlled checkbox
  // whose state changed only after an await would be put back by React for a moment. The server's answer (or the
  // old state, on failure) follows.
  const [moving, setMoving] = useState<TopicChange | null>(null);
  const change = useMutation({
    mutationFn: chooseTopic,
    onSuccess: (reply) => {
      queryClient.setQueryData<EmailPreferences>(TOPICS_KEY, (current) =>
        current
          ? { ...current, lists: current.lists.map((list) => (list.lang === reply.data.lang ? reply.data : list)) }
          : current,
      );
      setStatus(reply.confirmation_sent ? { kind: 'success', text: t('topics.confirmationSent') } : null);
    },
    onError: (error) => {
      setStatus({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('saveFailed') });
    },
    onSettled: () => setMoving(null),
  });

  const data = query.data;
  const lang = chosen ?? data?.lang ?? 'ru';
  const list: EmailListState | undefined = data?.lists.find((l) => l.lang === lang);
  const toggle = (topic: EmailTopic, subscribed: boolean) => {
    setMoving({ lang, topic, subscribed });
    change.mutate({ lang, topic, subscribed });
  };

  return (
    <section className={className} aria-labelledby="topics-title" data-testid="email-topics">
      <h2 className="h6" id="topics-title">
        {t('topics.title')}
      </h2>
      <p className="small text-body-secondary">{t('topics.intro')}</p>
      {params.get('confirmed') === '1' && (
        <p className="alert alert-success small py-2" role="status" data-testid="topics-confirmed">
          {t('topics.confirmed')}
        </p>
      )}
      {query.isError && <p className="text-danger small">{t('topics.loadFailed')}</p>}
      {data && list && (
        <>
          <div className="mb-3">
            <label className="form-label small" htmlFor="topics-list">
              {t('topics.list')}
            </label>
            <select
              id="topics-list"
              className="form-select"
              value={lang}
              onChange={(event) => isLanguage(event.target.value) && setChosen(event.target.value)}
              data-testid="topics-list"
            >
              {data.lists.map((l) => (
                <option key={l.lang} value={l.lang}>
                  {LANGUAGE_CONFIG[l.lang].nativeName}
                </option>
              ))}
            </select>
          </div>
          {EMAIL_TOPICS.map((topic) => {
            const state = list.topics.find((item) => item.topic === topic);
            const id = `topic-${topic}`;
            return (
              <CheckField
                key={topic}
                id={id}
                isSwitch
                className="mb-2"
                checked={
                  moving?.lang === lang && moving.topic === topic ? moving.subscribed : (state?.subscribed ?? false)
                }
                disabled={change.isPending}
                onCheckedChange={(checked) => toggle(topic, checked)}
                label={t(`topics.names.${topic}`)}
                hint={t(`topics.hints.${topic}`)}
                data-testid={id}
              />
            );
          })}
          <p className="small mb-1" data-testid="topics-address">
            {t(`topics.address.${list.address}`)}
          </p>
          <p className="small text-body-secondary mb-0">{t('topics.consent')}</p>
          {status && (
            <p className={`small mt-2 mb-0 text-${status.kind}`} role="status" data-testid="topics-status">
              {status.text}
            </p>
          )}
        </>
      )}
    </section>
  );
}
