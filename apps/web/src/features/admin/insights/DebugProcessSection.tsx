import type { ProcessDebug } from '@hunab/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryString, useAdminData, utcDayFromToday } from './data.ts';
import { Failed, Loading } from './parts.tsx';

function Result({ user, date }: { user: string; date: string }) {
  const { t } = useTranslation('insights');
  const query = useAdminData<ProcessDebug>(`/admin/debug/process${queryString({ user, date })}`);
  if (query.isPending) return <Loading />;
  if (query.error) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <div data-testid="process-debug">
      <dl className="row small mb-2">
        <dt className="col-5 col-md-3">{t('debugProcess.user')}</dt>
        <dd className="col-7 col-md-9 text-break">
          {data.user.email}{' '}
          {data.user.isAdmin && <span className="badge text-bg-secondary">{t('debugProcess.admin')}</span>}
        </dd>
        <dt className="col-5 col-md-3">{t('debugProcess.access')}</dt>
        <dd className="col-7 col-md-9">
          {t('debugProcess.level', { level: data.access.level, tier: data.access.tier })} ·{' '}
          {data.access.active ? t('debugProcess.active') : t('debugProcess.inactive')}
        </dd>
        <dt className="col-5 col-md-3">{t('debugProcess.openTones')}</dt>
        <dd className="col-7 col-md-9">{data.openTones.join(', ')}</dd>
        <dt className="col-5 col-md-3">{t('debugProcess.programme')}</dt>
        <dd className="col-7 col-md-9">
          {data.programme
            ? t('debugProcess.programmeDay', { starts: data.programme.starts, day: data.programme.day })
            : t('debugProcess.noProgramme')}
        </dd>
      </dl>
      <div className="table-responsive">
        <table className="table table-sm small align-middle">
          <thead>
            <tr>
              <th>{t('debugProcess.tone')}</th>
              <th>{t('debugProcess.shows')}</th>
              <th>{t('debugProcess.why')}</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((day) => (
              <tr key={day.tone} data-status={day.status}>
                <td>{day.tone}</td>
                <td>
                  <span className={`badge ${day.status === 'allowed' ? 'text-bg-success' : 'text-bg-warning'}`}>
                    {day.status}
                  </span>
                  {day.targetDate && <span className="ms-1 text-body-secondary">→ {day.targetDate}</span>}
                </td>
                <td>{t(`debugProcess.reasons.${day.reason}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** /debug/process: what each day of the 13-day process shows a user on a date, and which rule decided. */
export default function DebugProcessSection() {
  const { t } = useTranslation('insights');
  const [user, setUser] = useState('');
  const [date, setDate] = useState(utcDayFromToday(0));
  const [asked, setAsked] = useState<{ user: string; date: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user.trim() && date) setAsked({ user: user.trim(), date });
  };
  return (
    <div>
      <p className="small text-body-secondary">{t('debugProcess.help')}</p>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} data-testid="process-debug-form">
        <div className="col-12 col-md-4">
          <label className="form-label small mb-0" htmlFor="debug-user">
            {t('debugProcess.userField')}
          </label>
          <input
            id="debug-user"
            className="form-control form-control-sm"
            value={user}
            maxLength={254}
            onChange={(event) => setUser(event.target.value)}
            required
          />
        </div>
        <div className="col-7 col-md-4">
          <label className="form-label small mb-0" htmlFor="debug-date">
            {t('debugProcess.date')}
          </label>
          <input
            id="debug-date"
            type="date"
            className="form-control form-control-sm"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            required
          />
        </div>
        <div className="col-5 col-md-2">
          <button type="submit" className="btn btn-sm btn-primary w-100">
            {t('debugProcess.check')}
          </button>
        </div>
      </form>
      {asked && <Result key={`${asked.user}|${asked.date}`} user={asked.user} date={asked.date} />}
    </div>
  );
}
