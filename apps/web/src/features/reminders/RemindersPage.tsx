import type { ReminderSettings } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { EmailTopics } from '../../components/EmailTopics.tsx';
import { CheckField, type CheckFieldProps, FormField, SelectField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { browserTimeZone, fetchReminders, REMINDER_KEY, saveReminders } from './api.ts';
import { PushDevice } from './PushDevice.tsx';

/** Zones offered in the list: the runtime's own list where it has one, always with the browser's zone. */
function zones(current: string): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([current, browserTimeZone(), 'UTC', ...all])];
}

/** A switch of these settings, found by tests under its id. */
function Switch(props: Omit<CheckFieldProps, 'isSwitch' | 'className'>) {
  return <CheckField isSwitch className="mb-2" data-testid={props.id} {...props} />;
}

/**
 * /account/email-preferences: the topics of the language mailing lists, then the daily reminder by email and push,
 * what it says and when it comes.
 */
export default function RemindersPage() {
  const { t } = useTranslation('reminders');
  usePageTitle(t('pageTitle'));
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: REMINDER_KEY, queryFn: fetchReminders });
  const [form, setForm] = useState<ReminderSettings | null>(null);
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  useEffect(() => {
    if (query.data && !form) {
      const { devices: _devices, ...settings } = query.data;
      // A user who never chose gets the browser's zone.
      setForm(query.data.email || query.data.push ? settings : { ...settings, time_zone: browserTimeZone() });
    }
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: saveReminders,
    onSuccess: (data) => {
      queryClient.setQueryData(REMINDER_KEY, data);
      setStatus({ kind: 'success', text: t('saved') });
    },
    onError: (error) =>
      setStatus({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('saveFailed') }),
  });

  const change = (patch: Partial<ReminderSettings>) =>
    setForm((current) => (current ? { ...current, ...patch } : current));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form) save.mutate(form);
  };

  return (
    <AccountLayout>
      <h1 className="h4 mb-3">{t('pageTitle')}</h1>
      <EmailTopics />
      <h2 className="h5 mb-1 mt-4">{t('title')}</h2>
      <p className="text-body-secondary small">{t('intro')}</p>
      {form && (
        <form className="settings-card" onSubmit={submit} data-testid="reminders-form">
          <h3 className="h6">{t('channels')}</h3>
          <Switch
            id="reminders-email"
            checked={form.email}
            onCheckedChange={(email) => change({ email })}
            label={t('email')}
            hint={t('emailHint')}
          />
          <Switch
            id="reminders-push"
            checked={form.push}
            onCheckedChange={(push) => change({ push })}
            label={t('push')}
            hint={t('pushHint', { count: query.data?.devices ?? 0 })}
          />
          <h3 className="h6 mt-3">{t('what')}</h3>
          <Switch
            id="reminders-daily"
            checked={form.daily}
            onCheckedChange={(daily) => change({ daily })}
            label={t('daily')}
          />
          <Switch
            id="reminders-returns"
            checked={form.returns}
            onCheckedChange={(returns) => change({ returns })}
            label={t('returns')}
            hint={t('returnsHint')}
          />
          <h3 className="h6 mt-3">{t('when')}</h3>
          <div className="row g-2">
            <FormField
              className="col-5 col-sm-3"
              labelClassName="form-label small"
              id="reminders-time"
              label={t('time')}
              type="time"
              value={form.local_time}
              onValueChange={(time) => time && change({ local_time: time.slice(0, 5) })}
              data-testid="reminders-time"
            />
            <SelectField
              className="col-7 col-sm-9"
              labelClassName="form-label small"
              id="reminders-zone"
              label={t('zone')}
              value={form.time_zone}
              options={zones(form.time_zone)}
              optionLabel={(zone) => zone.replace(/_/g, ' ')}
              onValueChange={(zone) => change({ time_zone: zone })}
              data-testid="reminders-zone"
            />
          </div>
          <SubmitButton className="btn btn-primary mt-3" busy={save.isPending} data-testid="reminders-save">
            {t('save')}
          </SubmitButton>
          {status && (
            <p className={`small mt-2 mb-0 text-${status.kind}`} role="status" data-testid="reminders-status">
              {status.text}
            </p>
          )}
        </form>
      )}
      <PushDevice />
    </AccountLayout>
  );
}
