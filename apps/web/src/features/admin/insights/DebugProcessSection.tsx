import type { ProcessDebug } from '@hunab/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryString, useAdminData } from '../data.ts';
import { type Column, Table } from '../list/Table.tsx';
import { Facts } from '../ui/Facts.tsx';
import { InputField, SubmitField } from '../ui/fields.tsx';
import { Loaded } from '../ui/states.tsx';
import { utcDayFromToday } from './data.ts';

function Result({ user, date }: { user: string; date: string }) {
  const { t } = useTranslation('insights');
  const query = useAdminData<ProcessDebug>(`/admin/debug/process${queryString({ user, date })}`);
  const columns: Column<ProcessDebug['days'][number]>[] = [
    { header: 'debugProcess.tone', cell: (day) => day.tone },
    {
      header: 'debugProcess.shows',
      cell: (day) => (
        <>
          <span className={`badge ${day.status === 'allowed' ? 'text-bg-success' : 'text-bg-warning'}`}>
            {day.status}
          </span>
          {day.targetDate && <span className="ms-1 text-body-secondary">→ {day.targetDate}</span>}
        </>
      ),
    },
    { header: 'debugProcess.why', cell: (day) => t(`debugProcess.reasons.${day.reason}`) },
  ];
  return (
    <Loaded query={query}>
      {(data) => (
        <div data-testid="process-debug">
          <Facts
            className="mb-2"
            facts={[
              {
                label: t('debugProcess.user'),
                value: (
                  <>
                    {data.user.email}{' '}
                    {data.user.isAdmin && <span className="badge text-bg-secondary">{t('debugProcess.admin')}</span>}
                  </>
                ),
              },
              {
                label: t('debugProcess.access'),
                value: `${t('debugProcess.level', { level: data.access.level, tier: data.access.tier })} · ${
                  data.access.active ? t('debugProcess.active') : t('debugProcess.inactive')
                }`,
              },
              { label: t('debugProcess.openTones'), value: data.openTones.join(', ') },
              {
                label: t('debugProcess.programme'),
                value: data.programme
                  ? t('debugProcess.programmeDay', { starts: data.programme.starts, day: data.programme.day })
                  : t('debugProcess.noProgramme'),
              },
            ]}
          />
          <Table
            columns={columns}
            rows={data.days}
            rowKey={(day) => day.tone}
            rowProps={(day) => ({ 'data-status': day.status })}
            ns="insights"
          />
        </div>
      )}
    </Loaded>
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
        <InputField
          label={t('debugProcess.userField')}
          column="col-12 col-md-4"
          id="debug-user"
          value={user}
          maxLength={254}
          onChange={setUser}
          required
        />
        <InputField
          label={t('debugProcess.date')}
          column="col-7 col-md-4"
          id="debug-date"
          type="date"
          value={date}
          onChange={setDate}
          required
        />
        <SubmitField column="col-5 col-md-2">{t('debugProcess.check')}</SubmitField>
      </form>
      {asked && <Result key={`${asked.user}|${asked.date}`} user={asked.user} date={asked.date} />}
    </div>
  );
}
