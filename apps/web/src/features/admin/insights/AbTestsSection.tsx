import type { Experiment } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { downloadCsv, queryString, useAdminList } from './data.ts';
import { Failed, Loading } from './parts.tsx';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** The form that starts a test: key, name and variants as `key:weight` separated by commas. */
function NewExperiment() {
  const { t } = useTranslation('insights');
  const client = useQueryClient();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [variants, setVariants] = useState('control:1, variant:1');
  const create = useMutation({
    mutationFn: () =>
      api('/admin/experiments', {
        body: {
          key: key.trim(),
          name: name.trim(),
          variants: variants
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => {
              const [variant = '', weight = '1'] = part.split(':');
              return { key: variant.trim(), weight: Number(weight.trim()) };
            }),
        },
      }),
    onSuccess: () => {
      setKey('');
      setName('');
      void client.invalidateQueries({ queryKey: ['admin-insights'] });
    },
  });
  return (
    <form
      className="card card-body mb-3"
      data-testid="experiment-form"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <h2 className="h6">{t('abtests.new')}</h2>
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-3">
          <label className="form-label small mb-0" htmlFor="experiment-key">
            {t('abtests.key')}
          </label>
          <input
            id="experiment-key"
            className="form-control form-control-sm"
            value={key}
            required
            maxLength={60}
            pattern="[a-z0-9_\-]+"
            onChange={(event) => setKey(event.target.value)}
          />
        </div>
        <div className="col-12 col-md-3">
          <label className="form-label small mb-0" htmlFor="experiment-name">
            {t('abtests.name')}
          </label>
          <input
            id="experiment-name"
            className="form-control form-control-sm"
            value={name}
            required
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="col-12 col-md-4">
          <label className="form-label small mb-0" htmlFor="experiment-variants">
            {t('abtests.variants')}
          </label>
          <input
            id="experiment-variants"
            className="form-control form-control-sm"
            value={variants}
            dir="ltr"
            required
            onChange={(event) => setVariants(event.target.value)}
          />
        </div>
        <div className="col-12 col-md-2">
          <button type="submit" className="btn btn-sm btn-primary w-100" disabled={create.isPending}>
            {t('abtests.start')}
          </button>
        </div>
      </div>
      {create.isError && (
        <div className="mt-2">
          <Failed error={create.error} />
        </div>
      )}
    </form>
  );
}

/** One test: its variants with exposures, conversions and rate, and the stop/restart button. */
function ExperimentCard({ experiment }: { experiment: Experiment }) {
  const { t } = useTranslation('insights');
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: () =>
      api(`/admin/experiments/${experiment.id}`, {
        method: 'PATCH',
        body: { status: experiment.status === 'running' ? 'stopped' : 'running' },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin-insights'] }),
  });
  return (
    <section className="card mb-3" data-testid="experiment">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <div>
            <h2 className="h6 mb-0 text-break">{experiment.name}</h2>
            <code className="small">{experiment.key}</code>{' '}
            <span className={`badge ${experiment.status === 'running' ? 'text-bg-success' : 'text-bg-secondary'}`}>
              {t(`abtests.status.${experiment.status}`)}
            </span>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate()}
          >
            {experiment.status === 'running' ? t('abtests.stop') : t('abtests.restart')}
          </button>
        </div>
        {toggle.isError && <Failed error={toggle.error} />}
        <div className="table-responsive">
          <table className="table table-sm small mb-0">
            <thead>
              <tr>
                <th scope="col">{t('abtests.variant')}</th>
                <th scope="col" className="text-end">
                  {t('abtests.weight')}
                </th>
                <th scope="col" className="text-end">
                  {t('abtests.exposures')}
                </th>
                <th scope="col" className="text-end">
                  {t('abtests.conversions')}
                </th>
                <th scope="col" className="text-end">
                  {t('abtests.rate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {experiment.variants.map((variant) => (
                <tr key={variant.key}>
                  <td className="text-nowrap">{variant.key}</td>
                  <td className="text-end">{variant.weight}</td>
                  <td className="text-end">{variant.exposures}</td>
                  <td className="text-end">{variant.conversions}</td>
                  <td className="text-end">{percent(variant.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

/** /abtests: every A/B test with its figures per variant; start, stop and restart them. */
export default function AbTestsSection() {
  const { t } = useTranslation('insights');
  const [status, setStatus] = useState('');
  const filters = { status: status || undefined };
  const query = useAdminList<Experiment>(`/admin/experiments${queryString({ ...filters, limit: '100' })}`);
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <div data-testid="admin-abtests">
      <NewExperiment />
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label small mb-0" htmlFor="experiments-status">
            {t('abtests.statusFilter')}
          </label>
          <select
            id="experiments-status"
            className="form-select form-select-sm"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">{t('common.all')}</option>
            <option value="running">{t('abtests.status.running')}</option>
            <option value="stopped">{t('abtests.status.stopped')}</option>
          </select>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => {
            setExportError(null);
            downloadCsv(`/admin/experiments${queryString({ ...filters, format: 'csv' })}`, 'experiments').catch(
              (error: Error) => setExportError(error.message),
            );
          }}
        >
          {t('common.csv')}
        </button>
      </div>
      {exportError && <Failed error={exportError} />}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : query.data.rows.length === 0 ? (
        <p className="text-body-secondary small">{t('common.none')}</p>
      ) : (
        query.data.rows.map((experiment) => <ExperimentCard key={experiment.id} experiment={experiment} />)
      )}
    </div>
  );
}
