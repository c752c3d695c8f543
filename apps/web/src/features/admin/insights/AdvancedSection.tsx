import { type AppSettings, SETTINGS_LANGUAGES } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { SETTINGS_QUERY_KEY } from '../../../lib/settings.ts';
import { ADMIN_QUERY_KEY, useAdminData } from '../data.ts';
import { InputField, SubmitField } from '../ui/fields.tsx';
import { Failed, Loaded } from '../ui/states.tsx';
import { CacheTools } from './CacheTools.tsx';

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
      await queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, '/admin/settings'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="row g-2" data-testid="settings-form">
      <InputField
        label={t('advanced.thirteenMoonsTarget')}
        column="col-12 col-md-4"
        id="setting-moons-date"
        type="date"
        required
        value={values.thirteenMoonsTarget}
        onChange={(thirteenMoonsTarget) => setValues({ ...values, thirteenMoonsTarget })}
      />
      <InputField
        label={t('advanced.thirteenMoonsBotUrl')}
        column="col-12 col-md-8"
        id="setting-moons-bot"
        type="url"
        dir="ltr"
        required
        value={values.thirteenMoonsBotUrl}
        onChange={(thirteenMoonsBotUrl) => setValues({ ...values, thirteenMoonsBotUrl })}
      />
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
      <InputField
        label={t('advanced.reason')}
        column="col-12 col-md-8"
        id="setting-reason"
        maxLength={500}
        value={reason}
        onChange={setReason}
      />
      <SubmitField column="col-12 col-md-4" busy={save.isPending} testId="settings-save">
        {t('advanced.save')}
      </SubmitField>
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
      <Loaded query={settings}>{(data) => <SettingsForm initial={data} />}</Loaded>
    </div>
  );
}
