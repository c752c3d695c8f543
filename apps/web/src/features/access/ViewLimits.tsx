import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../../lib/api.ts';
import { formatters, languageOfPath, localizedPath, splitLanguage } from '../../lib/languages.ts';
import { programmeOpens, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { FadingPrompt } from './FadingPrompt.tsx';
import { counterTone, softBannerTone } from './rules.ts';
import { useAccess } from './useAccess.ts';
import { type CountedView, countedViewOf } from './viewCounting.ts';

interface ViewLimit {
  views_used: number;
  views_limit: number;
  views_remaining: number;
  reset_at: string;
  is_exceeded: boolean;
  has_subscription: boolean;
}

export const VIEW_LIMIT_QUERY_KEY = 'view-limit';

function trackView(view: CountedView, dateViewed: string) {
  const body =
    view.scope === 'dash'
      ? { tab_id: view.tab, date_viewed: dateViewed }
      : { content_id: view.kind, date_viewed: dateViewed };
  return api<{ data: ViewLimit & { is_limit_exceeded: boolean } }>(`/${view.scope}/track-view`, {
    method: 'POST',
    body,
  });
}

/**
 * On matrix pages and the dashboard, for signed-in users without a subscription (never administrators): counts the
 * page's view, shows the views left, the soft banner near the end, the upgrade banner, and the view-limit prompt
 * once the month's views are used up (spec 001 sections 2, 4, 6 and 9).
 */
export function ViewLimits() {
  const { t } = useTranslation('access');
  const access = useAccess();
  const { pathname, search } = useLocation();
  const { path } = splitLanguage(pathname);
  const lang = languageOfPath(pathname);
  const { iso } = useSelectedDate();
  const queryClient = useQueryClient();
  const owned = useOwnedProgrammes(access.signedIn && !access.isAdmin ? access.userId : null, lang);
  // What a bought programme opens is neither counted nor sold again, from the purchase until the programme ends.
  const opened = programmeOpens(owned.data, path);
  const counted =
    access.signedIn && !access.loading && !access.active && !access.isAdmin && !owned.isPending && !opened;
  const key = [VIEW_LIMIT_QUERY_KEY, access.userId];
  const limit = useQuery({
    queryKey: key,
    queryFn: async () => (await api<{ data: ViewLimit }>('/matrices/view-limit')).data,
    enabled: counted,
  });
  const view = countedViewOf(path, search);
  const viewKey = view ? `${view.scope}:${view.scope === 'dash' ? view.tab : view.kind}:${iso}` : '';
  const [promptFor, setPromptFor] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view key says which page and date are shown
  useEffect(() => {
    if (!counted || !view) return;
    let live = true;
    trackView(view, iso)
      .then(async (reply) => {
        if (!live) return;
        // A read that left before this view was counted must not overwrite it.
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, reply.data);
        if (reply.data.is_limit_exceeded) setPromptFor(viewKey);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [counted, viewKey]);

  if (!counted) return null;
  const data = limit.data;
  const soft = data ? softBannerTone(data.views_remaining) : 'none';
  const subscribe = localizedPath(lang, '/subscription');
  return (
    <div className="view-limits" data-testid="view-limits">
      {!data && limit.isError && (
        // Offline or a server in trouble: the count is unknown, and saying so beats a counter that vanishes.
        <p className="view-counter view-counter-unknown" data-testid="view-counter-unknown" role="status">
          {t('views.unknown')}
        </p>
      )}
      {data && (
        <p
          className={`view-counter view-counter-${counterTone(data.views_remaining)}`}
          data-testid="view-counter"
          data-remaining={data.views_remaining}
        >
          {data.views_remaining > 0
            ? t('views.counter', { remaining: data.views_remaining, limit: data.views_limit })
            : t('views.exceeded')}{' '}
          <span className="view-counter-what" data-testid="view-counter-what">
            {t('views.what')}
          </span>
        </p>
      )}
      {soft !== 'none' && data && (
        <div className={`access-note access-note-${soft}`} role="status" data-testid="soft-banner">
          <span>
            {soft === 'critical' ? t('views.critical') : t('views.soft', { remaining: data.views_remaining })}
          </span>
          <Link to={subscribe} className="btn btn-sm btn-outline-warning">
            {t('views.plans')}
          </Link>
        </div>
      )}
      <div className="access-note upgrade-note" data-testid="upgrade-banner">
        <span>{t('upgrade.text')}</span>
        <Link to={subscribe} className="btn btn-sm btn-primary">
          {t('upgrade.cta')}
        </Link>
      </div>
      {promptFor === viewKey && data && (
        <FadingPrompt
          className="view-limit-prompt"
          title={t('limitPrompt.title')}
          closeLabel={t('limitPrompt.close')}
          onClosed={() => setPromptFor(null)}
          testId="view-limit-prompt"
        >
          <p>
            {t('limitPrompt.text', {
              limit: data.views_limit,
              date: formatters(lang).date(new Date(data.reset_at), 'long'),
            })}
          </p>
          <Link to={`${subscribe}?reason=limit_reached&views_remaining=0`} className="btn btn-primary">
            {t('limitPrompt.cta')}
          </Link>
        </FadingPrompt>
      )}
    </div>
  );
}
