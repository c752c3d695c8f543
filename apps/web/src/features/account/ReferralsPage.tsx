import { REFERRAL_TARGETS, type ReferralLinkDto, type ReferralSummary } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { FormField, SelectField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { api } from '../../lib/api.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { formatters } from '../../lib/languages.ts';
import { usePageHead } from '../../lib/page-meta.tsx';
import { usePathLanguage } from '../../lib/route-match.ts';

const REFERRALS_KEY = ['referrals'] as const;

function LinkRow({ link, format }: { link: ReferralLinkDto; format: ReturnType<typeof formatters> }) {
  const { t } = useTranslation('growth');
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      document.getElementById(id)?.focus();
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  const share = () => navigator.share?.({ title: 'Hunab', url: link.url }).catch(() => undefined);
  return (
    <li className="referral-link" data-testid="referral-link">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
        <span className="badge text-bg-secondary">{link.source}</span>
        <span className="small text-body-secondary">{t(`referrals.targets.${link.target.slice(1)}`)}</span>
      </div>
      <div className="input-group mb-2">
        <label className="visually-hidden" htmlFor={id}>
          {t('referrals.url')}
        </label>
        <input id={id} className="form-control" readOnly value={link.url} onFocus={(event) => event.target.select()} />
        <button type="button" className="btn btn-outline-secondary" onClick={copy}>
          {copied ? t('referrals.copied') : t('referrals.copy')}
        </button>
        {'share' in navigator && (
          <button type="button" className="btn btn-outline-secondary" onClick={share}>
            {t('referrals.share')}
          </button>
        )}
      </div>
      <p className="small text-body-secondary mb-0" data-testid="referral-link-stats">
        {t('referrals.linkStats', {
          clicks: format.number(link.clicks),
          signups: format.number(link.signups),
          purchases: format.number(link.purchases),
        })}
      </p>
    </li>
  );
}

/** /account/referrals: the user's links with a source each, what they brought, and the rewards earned. */
export default function ReferralsPage() {
  const { t } = useTranslation('growth');
  const lang = usePathLanguage();
  const format = formatters(lang);
  usePageHead(lang, t('referrals.title'), t('referrals.description'));
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: REFERRALS_KEY,
    queryFn: () => api<ReferralSummary>('/referrals'),
    staleTime: 0,
  });
  const [source, setSource] = useState('');
  const [target, setTarget] = useState<(typeof REFERRAL_TARGETS)[number]>('/welcome');
  const create = useMutation({
    mutationFn: () => api('/referrals/links', { body: { source: source.trim(), target, lang } }),
    onSuccess: () => {
      setSource('');
      void queryClient.invalidateQueries({ queryKey: REFERRALS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (source.trim()) create.mutate();
  };
  const createError =
    create.error instanceof ApiRequestError && create.error.code === 'REFERRAL_LINK_EXISTS'
      ? t('referrals.exists')
      : create.error
        ? t('referrals.createFailed')
        : null;
  const data = query.data;

  return (
    <AccountLayout>
      <section className="referrals-page" data-testid="referrals-page">
        <h1 className="h3">{t('referrals.title')}</h1>
        <p className="text-body-secondary">
          {t('referrals.rule', {
            days: data?.reward_days_per_purchase ?? 30,
            window: data?.refund_window_days ?? 14,
          })}
        </p>
        {query.isError && (
          <div className="alert alert-danger" role="alert">
            {t('referrals.loadFailed')}{' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => query.refetch()}>
              {t('referrals.retry')}
            </button>
          </div>
        )}
        {data && (
          <dl className="referral-totals" data-testid="referral-totals">
            {(
              [
                ['clicks', data.totals.clicks],
                ['signups', data.totals.signups],
                ['purchases', data.totals.purchases],
                ['rewardDays', data.totals.reward_days],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt>{t(`referrals.totals.${key}`)}</dt>
                <dd data-testid={`referral-total-${key}`}>{format.number(value)}</dd>
              </div>
            ))}
          </dl>
        )}
        <h2 className="h5 mt-4">{t('referrals.links')}</h2>
        {data && data.links.length === 0 && <p className="text-body-secondary">{t('referrals.none')}</p>}
        <ul className="list-unstyled">
          {data?.links.map((link) => (
            <LinkRow key={link.id} link={link} format={format} />
          ))}
        </ul>
        <form className="referral-form" onSubmit={submit}>
          <h2 className="h6">{t('referrals.newLink')}</h2>
          <div className="row g-2 align-items-end">
            <FormField
              className="col-sm-5"
              labelClassName="form-label small"
              id="referral-source"
              label={t('referrals.source')}
              value={source}
              maxLength={40}
              placeholder={t('referrals.sourcePlaceholder')}
              onValueChange={setSource}
              required
            />
            <SelectField
              className="col-sm-4"
              labelClassName="form-label small"
              id="referral-target"
              label={t('referrals.target')}
              value={target}
              options={REFERRAL_TARGETS}
              optionLabel={(path) => t(`referrals.targets.${path.slice(1)}`)}
              onValueChange={setTarget}
            />
            <div className="col-sm-3">
              <SubmitButton className="btn btn-primary w-100" busy={create.isPending}>
                {t('referrals.create')}
              </SubmitButton>
            </div>
          </div>
          {createError && (
            <p className="text-danger small mt-2" role="alert">
              {createError}
            </p>
          )}
        </form>
        {data && data.rewards.length > 0 && (
          <>
            <h2 className="h5 mt-4">{t('referrals.rewards')}</h2>
            <ul className="list-unstyled small">
              {data.rewards.map((reward) => (
                <li key={reward.granted_at}>
                  {t(reward.status === 'granted' ? 'referrals.rewardGranted' : 'referrals.rewardReversed', {
                    days: reward.days,
                    date: format.date(new Date(reward.granted_at)),
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </AccountLayout>
  );
}
