import { type AppSettings, SETTINGS_LANGUAGES } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { SETTINGS_QUERY_KEY } from '../../../lib/settings.ts';
import { CacheTools } from './CacheTools.tsx';
import { useAdminData } from './data.ts';
import { Failed, Loading } from './parts.tsx';

/** The settings form: the 13-moons date, the 13-moons bot and each language's chat-bot link. */
function SettingsForm({ initial }: { initial: AppSettings }) {
  const { t } = useTranslation('insights');
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [reason, setReason] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      api<{ data: AppSettings }>('/admin/settings', {
        method: 'PUT',
        body: { ...values, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }),
    onSuccess: async (reply) => {
      setValues(reply.data);
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['admin-insights', '/admin/settings'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="row g-2" data-testid="settings-form">
      <div className="col-12 col-md-4">
        <label className="form-label small mb-0" htmlFor="setting-moons-date">
          {t('advanced.thirteenMoonsTarget')}
        </label>
        <input
          id="setting-moons-date"
          type="date"
          required
          className="form-control form-control-sm"
          value={values.thirteenMoonsTarget}
          onChange={(event) => setValues({ ...values, thirteenMoonsTarget: event.target.value })}
        />
      </div>
      <div className="col-12 col-md-8">
        <label className="form-label small mb-0" htmlFor="setting-moons-bot">
          {t('advanced.thirteenMoonsBotUrl')}
        </label>
        <input
          id="setting-moons-bot"
          type="url"
          dir="ltr"
          required
          className="form-control form-control-sm"
          value={values.thirteenMoonsBotUrl}
          onChange={(event) => setValues({ ...values, thirteenMoonsBotUrl: event.target.value })}
        />
      </div>
      <fieldset className="col-12">
        <legend className="small fw-semibold mb-1">{t('advanced.chatBotLinks')}</legend>
        <div className="row g-2">
          {SETTINGS_LANGUAGES.map((lang) => (
            <div key={lang} className="col-12 col-md-6">
              <div className="input-group input-group-sm">
                <label className="input-group-text" htmlFor={`setting-bot-${lang}`}>
                  {lang}
                </label>
                <input
                  id={`setting-bot-${lang}`}
                  type="url"
                  dir="ltr"
                  required
                  className="form-control"
                  value={values.chatBotLinks[lang]}
                  onChange={(event) =>
                    setValues({ ...values, chatBotLinks: { ...values.chatBotLinks, [lang]: event.target.value } })
                  }
                />
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="col-12 col-md-8">
        <label className="form-label small mb-0" htmlFor="setting-reason">
          {t('advanced.reason')}
        </label>
        <input
          id="setting-reason"
          className="form-control form-control-sm"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="col-12 col-md-4 d-flex align-items-end">
        <button
          type="submit"
          className="btn btn-primary btn-sm w-100"
          disabled={save.isPending}
          data-testid="settings-save"
        >
          {t('advanced.save')}
        </button>
      </div>
      {saved && (
        <div className="col-12">
          <div className="alert alert-success py-2 mb-0" role="status">
            {t('advanced.saved')}
          </div>
        </div>
      )}
      {save.isError && (
        <div className="col-12">
          <Failed error={save.error} />
        </div>
      )}
    </form>
  );
}

/** /advanced: the cache tools and the application settings. */
export default function AdvancedSection() {
  const { t } = useTranslation('insights');
  const settings = useAdminData<AppSettings>('/admin/settings');
  return (
    <div data-testid="admin-advanced">
      <h2 className="h5">{t('advanced.cache')}</h2>
      <CacheTools />
      <h2 className="h5 mt-4">{t('advanced.settings')}</h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Failed error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </div>
  );
}
