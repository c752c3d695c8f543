import type { Experiment } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY, queryString, useAdminData } from '../data.ts';
import { CsvButton } from '../list/CsvButton.tsx';
import { type Column, Table } from '../list/Table.tsx';
import { Field, FilterSelect, InputField, SubmitField } from '../ui/fields.tsx';
import { Failed, Loaded } from '../ui/states.tsx';

const EXPERIMENT_STATUSES = ['running', 'stopped'] as const;
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

const VARIANT_COLUMNS: Column<Experiment['variants'][number]>[] = [
  { header: 'abtests.variant', cell: (variant) => variant.key, className: 'text-nowrap' },
  { header: 'abtests.weight', cell: (variant) => variant.weight, end: true },
  { header: 'abtests.exposures', cell: (variant) => variant.exposures, end: true },
  { header: 'abtests.conversions', cell: (variant) => variant.conversions, end: true },
  { header: 'abtests.rate', cell: (variant) => percent(variant.rate), end: true },
];

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
      void client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
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
        <InputField
          label={t('abtests.key')}
          column="col-12 col-md-3"
          id="experiment-key"
          value={key}
          required
          maxLength={60}
          pattern="[a-z0-9_\-]+"
          onChange={setKey}
        />
        <InputField
          label={t('abtests.name')}
          column="col-12 col-md-3"
          id="experiment-name"
          value={name}
          required
          maxLength={120}
          onChange={setName}
        />
        <InputField
          label={t('abtests.variants')}
          column="col-12 col-md-4"
          id="experiment-variants"
          value={variants}
          dir="ltr"
          required
          onChange={setVariants}
        />
        <SubmitField column="col-12 col-md-2" busy={create.isPending}>
          {t('abtests.start')}
        </SubmitField>
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
    onSuccess: () => void client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
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
        <Table columns={VARIANT_COLUMNS} rows={experiment.variants} rowKey={(variant) => variant.key} ns="insights" />
      </div>
    </section>
  );
}

/** /abtests: every A/B test with its figures per variant; start, stop and restart them. */
export default function AbTestsSection() {
  const { t } = useTranslation('insights');
  const [status, setStatus] = useState('');
  const query = useAdminData<Experiment[]>(`/admin/experiments${queryString({ status, limit: 100 })}`);
  return (
    <div data-testid="admin-abtests">
      <NewExperiment />
      <div className="row g-2 align-items-end mb-3">
        <Field label={t('abtests.statusFilter')}>
          <FilterSelect
            id="experiments-status"
            value={status}
            onChange={setStatus}
            options={EXPERIMENT_STATUSES.map((name) => [name, t(`abtests.status.${name}`)] as const)}
          />
        </Field>
        <div className="col-auto">
          <CsvButton path="/admin/experiments" params={{ status }} name="experiments" />
        </div>
      </div>
      <Loaded query={query}>
        {(experiments) =>
          experiments.length === 0 ? (
            <p className="text-body-secondary small">{t('common.none')}</p>
          ) : (
            experiments.map((experiment) => <ExperimentCard key={experiment.id} experiment={experiment} />)
          )
        }
      </Loaded>
    </div>
  );
}
