import { planById, type SubscriptionDto } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { SubscriptionLink } from '../../components/SubscriptionLink.tsx';
import { formatters, languageOfPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { subscriptionLink } from '../../lib/plans.ts';
import { isNativePlatform, platformName } from '../../lib/platform.ts';
import { useSession } from '../auth/session.ts';
import {
  cancelSubscription,
  fetchCurrentSubscription,
  pauseSubscription,
  resumeSubscription,
  SUBSCRIPTION_KEYS,
} from './api.ts';
import { CancelDialog, type PauseDays, PauseDialog } from './dialogs.tsx';
import {
  actionsOf,
  knownReason,
  MOBILE_SOURCES,
  offersUpgrade,
  paymentMethodLabel,
  REFRESH_RETRY_DELAY_MS,
  shouldRetryRefresh,
  statusOf,
  visitContextOf,
} from './model.ts';
import { PlanCatalogue } from './SubscriptionPage.tsx';
import { VisitContextPanel } from './VisitContext.tsx';
import './subscription.css';

type Notice = { kind: 'success' | 'danger'; key: string; count?: number };
type OpenDialog = { kind: 'pause'; days: PauseDays } | { kind: 'cancel' } | null;

const STATUS_BADGES = { active: 'success', paused: 'warning', cancelled: 'secondary', expired: 'secondary' } as const;

/** /account/subscription: the user's subscription, its actions and dialogs (spec 000 sections 2.4, 4.7 and 8). */
export default function ManagePage() {
  const { t } = useTranslation('subscription');
  const location = useLocation();
  const [search] = useSearchParams();
  const lang = languageOfPath(location.pathname);
  const format = formatters(lang);
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'authenticated' && !!session.token && !session.user?.isOfflineUser;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [closedFailure, setClosedFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  usePageTitle(t('manage.title'));
  // ?tab=plans opens on the plans with their prices (the links that ask for it mean to compare or change plans).
  const plansTab = search.get('tab') === 'plans';

  const queryKey = [...SUBSCRIPTION_KEYS.current, String(session.user?.id ?? '')];
  const query = useQuery({
    queryKey,
    queryFn: fetchCurrentSubscription,
    enabled: signedIn,
    retry: shouldRetryRefresh,
    retryDelay: REFRESH_RETRY_DELAY_MS,
    staleTime: 0,
  });

  const settle = (subscription: SubscriptionDto | null, message: Notice, refetch = false) => {
    setDialog(null);
    setNotice(message);
    if (subscription) queryClient.setQueryData(queryKey, subscription);
    if (refetch) void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.current });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.status });
  };
  const fail = (key: string) => () => {
    setDialog(null);
    setNotice({ kind: 'danger', key });
  };
  const pause = useMutation({
    mutationFn: ({ days, reason }: { days: PauseDays; reason: string }) => pauseSubscription(days, reason),
    onSuccess: (subscription, { days }) =>
      settle(subscription, { kind: 'success', key: 'subscriptionMessages.pauseSuccess', count: days }),
    onError: fail('subscriptionErrors.pauseFailed'),
  });
  const resume = useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (subscription) =>
      settle(subscription, { kind: 'success', key: 'subscriptionMessages.resumeSuccess' }, true),
    onError: fail('subscriptionErrors.resumeFailed'),
  });
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(''),
    onSuccess: (subscription) => settle(subscription, { kind: 'success', key: 'subscriptionMessages.cancelSuccess' }),
    onError: fail('subscriptionErrors.cancelFailed'),
  });
  const busy = pause.isPending || resume.isPending || cancel.isPending;

  const resubscribe = useMemo(
    () => subscriptionLink({ source: 'account', reason: 'content_cta', location }),
    [location],
  );
  const upgrade = useMemo(
    () => subscriptionLink({ source: 'account', reason: 'premium_feature', extra: { upgrade: 'premium' }, location }),
    [location],
  );

  // A refresh that failed after its retries leaves what was shown unknown (spec 000 section 4.7).
  const refreshFailed = query.isError && query.dataUpdatedAt > 0;
  const failed = !signedIn
    ? 'subscriptionErrors.notAuthenticated'
    : refreshFailed
      ? 'subscriptionErrors.refreshFailed'
      : query.isError
        ? 'subscriptionErrors.loadFailed'
        : null;
  // Every notice can be closed (spec 000 section 4.7); a closed failure stays closed until another one comes.
  const failure: Notice | null = failed && failed !== closedFailure ? { kind: 'danger', key: failed } : null;
  const shown = refreshFailed ? failure : (notice ?? failure);
  const subscription = refreshFailed ? null : (query.data ?? null);
  const status = subscription ? statusOf(subscription.status) : null;
  const plan = subscription ? planById(subscription.plan_id) : undefined;
  const unknown = t('manage.unknown');
  const day = (iso: string | null | undefined) => (iso ? format.date(new Date(iso), 'long') : unknown);

  return (
    <AccountLayout>
      <section className="subscription-manage" data-testid="subscription-manage">
        <h1 className="h2 mb-3">{t('manage.title')}</h1>
        <MobileBanner source={search.get('source')} platform={search.get('platform')} reason={search.get('reason')} />
        <VisitContextPanel
          visit={visitContextOf(search)}
          reason={fromMobile(search.get('source')) ? null : knownReason(search.get('reason'))}
          currentLevel={query.isSuccess ? (subscription && status === 'active' ? (plan?.level ?? 0) : 0) : null}
        />
        {shown && (
          <div
            className={`alert alert-${shown.kind} alert-dismissible`}
            role={shown.kind === 'danger' ? 'alert' : 'status'}
            data-testid={`notice-${shown.kind}`}
          >
            {t(shown.key, shown.count === undefined ? undefined : { count: shown.count })}
            <button
              type="button"
              className="btn-close"
              aria-label={t('close')}
              onClick={() => (shown === notice ? setNotice(null) : setClosedFailure(shown.key))}
              data-testid="notice-close"
            />
          </div>
        )}
        {signedIn && query.isPending && (
          <p className="text-body-secondary" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('manage.loading')}
          </p>
        )}
        {plansTab && <PlanCatalogue level={2} />}
        {signedIn && query.isSuccess && !subscription && !plansTab && (
          <div className="subscription-panel" data-testid="subscription-none">
            <p>{t('manage.none')}</p>
            <SubscriptionLink href={resubscribe} className="btn btn-primary" testId="resubscribe">
              {t('manage.subscribe')}
            </SubscriptionLink>
          </div>
        )}
        {(subscription || query.isError) && (
          <div className="subscription-panel" data-testid="subscription-details" data-status={status ?? 'unknown'}>
            <dl className="subscription-facts">
              <dt>{t('manage.status')}</dt>
              <dd>
                {status ? (
                  <span className={`badge text-bg-${STATUS_BADGES[status]}`} data-testid="subscription-status">
                    {t(`status.${status}`)}
                  </span>
                ) : (
                  unknown
                )}
              </dd>
              <dt>{t('manage.plan')}</dt>
              <dd data-testid="subscription-plan">
                {plan ? `${t(`plans.${plan.tier}`)} · ${t(`billing.${plan.billing_period}`)}` : unknown}
              </dd>
              <dt>
                {status === 'cancelled' || status === 'expired' ? t('manage.accessUntil') : t('manage.periodEnd')}
              </dt>
              <dd>{day(subscription?.current_period_end)}</dd>
              <dt>{t('manage.paymentMethod')}</dt>
              <dd data-testid="payment-method">{subscription ? t(...paymentMethodLabel(subscription)) : unknown}</dd>
              <dt>{t('manage.autoRenew')}</dt>
              <dd>{subscription ? t(subscription.auto_renew ? 'yes' : 'no') : unknown}</dd>
              {status === 'paused' && (
                <>
                  <dt>{t('manage.pauseUntil')}</dt>
                  <dd data-testid="pause-until">{day(subscription?.pause_until)}</dd>
                </>
              )}
            </dl>
            {status && (
              <div className="subscription-actions">
                {actionsOf(status).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn ${action === 'cancel' ? 'btn-outline-danger' : 'btn-primary'}`}
                    disabled={busy}
                    onClick={() => {
                      if (action === 'resume') resume.mutate();
                      else setDialog(action === 'pause' ? { kind: 'pause', days: 7 } : { kind: 'cancel' });
                    }}
                  >
                    {t(`actions.${action}`)}
                  </button>
                ))}
                {(status === 'cancelled' || status === 'expired') && (
                  <SubscriptionLink href={resubscribe} className="btn btn-primary" testId="resubscribe">
                    {t('manage.resubscribe')}
                  </SubscriptionLink>
                )}
              </div>
            )}
            {query.isError && (
              <button type="button" className="btn btn-outline-secondary" onClick={() => void query.refetch()}>
                {t('manage.retry')}
              </button>
            )}
          </div>
        )}
        {status && subscription && offersUpgrade(status, subscription.plan_id) && (
          <div className="subscription-panel subscription-upgrade" data-testid="upgrade-card">
            <h2 className="h5">{t('manage.upgradeTitle')}</h2>
            <p className="text-body-secondary">{t('manage.upgradeText')}</p>
            <SubscriptionLink href={upgrade} className="btn btn-outline-primary">
              {t('manage.upgrade')}
            </SubscriptionLink>
          </div>
        )}
      </section>
      {dialog?.kind === 'pause' && (
        <PauseDialog
          key={dialog.days}
          initialDays={dialog.days}
          busy={busy}
          onConfirm={(days, reason) => pause.mutate({ days, reason })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelDialog
          busy={busy}
          onConfirm={() => cancel.mutate()}
          onPauseInstead={(days) => setDialog({ kind: 'pause', days })}
          onClose={() => setDialog(null)}
        />
      )}
    </AccountLayout>
  );
}

const fromMobile = (source: string | null) => MOBILE_SOURCES.some((known) => known === source) || isNativePlatform();

/** Opened from the native app or the installed app: say so, and why the user came (spec 000 section 2.4). */
function MobileBanner({
  source,
  platform,
  reason,
}: {
  source: string | null;
  platform: string | null;
  reason: string | null;
}) {
  const { t } = useTranslation('subscription');
  if (!fromMobile(source)) return null;
  const why = knownReason(reason);
  return (
    <div className="alert alert-info" role="status" data-testid="mobile-banner">
      <p className="mb-0">
        {t('mobileBanner.text', {
          source: t(`mobileBanner.sources.${source === 'pwa' ? 'pwa' : 'mobile_app'}`),
          platform: platform ?? platformName(),
        })}
      </p>
      {why && <p className="mb-0 mt-1">{t(`reasons.${why}`)}</p>}
    </div>
  );
}
