import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog.tsx';
import { unprefixedLanguage } from '../../../lib/languages.ts';
import { formatMoney } from '../../../lib/plans.ts';
import { errorText } from '../data.ts';
import { type Fact, Facts } from '../ui/Facts.tsx';
import { Field, SearchField } from '../ui/fields.tsx';

/** The interface language of the admin pages, which have no language prefix: the one the layout chose. */
export function useLang() {
  return unprefixedLanguage(useTranslation().i18n.language);
}

/** A calendar date (YYYY-MM-DD) as the interface language writes it. */
export function useDay() {
  const lang = useLang();
  return (value: string | null | undefined) => {
    if (!value) return '—';
    const date = new Date(`${value.slice(0, 10)}T12:00:00`);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(lang, { dateStyle: 'medium' });
  };
}

/** The words the admin pages put in place of stored codes: plans, sources, cycles, statuses. */
export function useWords() {
  const { t } = useTranslation('admin');
  const word = (group: string, value: string | null | undefined) =>
    value ? t(`${group}.${value}`, { defaultValue: value }) : '—';
  return {
    plan: (value: string | null | undefined) => word('records.plans', value),
    provider: (value: string | null | undefined) => word('records.providers', value),
    // A purchase's source is the payment system that sold it, or one of the sources of a subscription.
    source: (value: string | null | undefined) =>
      value ? t(`records.sources.${value}`, { defaultValue: word('records.providers', value) }) : '—',
    cycle: (value: string | null | undefined) => word('records.cycles', value),
    subscriptionStatus: (value: string | null | undefined) => word('subscriptions.statuses', value),
    paymentStatus: (value: string | null | undefined) => word('payments.statuses', value),
    mailKind: (value: string | null | undefined) => word('outbox.kinds', value),
  };
}

/** A date and time as the admin tables show it (the interface language's conventions). */
export function useDateTime() {
  const lang = useLang();
  return (value: string | null | undefined) => {
    if (!value) return '—';
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
  };
}

/** Minor units as money in the interface language, written as everywhere else in the product (`formatMoney`). */
export function useMoney() {
  const lang = useLang();
  return (minor: number, currency: string) => formatMoney(minor, currency, lang);
}

/**
 * A confirmation of a change that needs a reason (written to the audit log with it), with optional fields of its
 * own above the reason.
 */
export function ReasonDialog({
  title,
  confirm,
  onConfirm,
  onClose,
  children,
  reasonRequired = true,
  withReason = true,
}: {
  title: string;
  confirm: string;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
  reasonRequired?: boolean;
  /** Whether the change takes a reason at all (a plain confirmation when not). */
  withReason?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} closeLabel={t('actions.close')} onClose={onClose}>
      <form onSubmit={submit} className="d-grid gap-2">
        {children}
        {withReason && (
          <label className="form-label mb-0">
            {reasonRequired ? t('actions.reason') : t('actions.reasonOptional')}
            <textarea
              className="form-control"
              name="reason"
              rows={2}
              maxLength={500}
              minLength={reasonRequired ? 3 : undefined}
              required={reasonRequired}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        )}
        {error && (
          <div className="alert alert-danger py-2 mb-0" role="alert">
            {error}
          </div>
        )}
        <div className="d-flex gap-2 justify-content-end">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A filter by one user, typed as an email or an id: applied once it is one, cleared otherwise. */
export function UserFilter({
  label,
  placeholder,
  onUser,
}: {
  label: string;
  placeholder: string;
  onUser: (user: string) => void;
}) {
  return (
    <Field label={label} wide>
      <SearchField label={placeholder} onSearch={(text) => onUser(UUID.test(text) || text.includes('@') ? text : '')} />
    </Field>
  );
}

/** One of a row's actions: its words, its colour and what it does. */
export interface RowAction {
  label: string;
  onClick: () => void;
  tone?: 'secondary' | 'warning' | 'danger' | 'success';
}

/** The action buttons of a table row, on one line; an action left out is `false`. */
export function RowActions({ actions }: { actions: ReadonlyArray<RowAction | false> }) {
  return (
    <div className="d-flex flex-nowrap gap-1">
      {actions
        .filter((action): action is RowAction => action !== false)
        .map((action) => (
          <button
            key={action.label}
            type="button"
            className={`btn btn-sm btn-outline-${action.tone ?? 'secondary'} text-nowrap`}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
    </div>
  );
}

/** The button back to the list a record was opened from. */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div>
      <button type="button" className="btn btn-sm btn-link px-0" onClick={onClick}>
        ← {label}
      </button>
    </div>
  );
}

/** One record's page: the way back to its list, a card with its title and facts, and what else it shows after. */
export function RecordPage({
  section,
  back,
  onBack,
  title,
  badges,
  facts,
  children,
}: {
  section: string;
  back: string;
  onBack: () => void;
  title: ReactNode;
  badges?: ReactNode;
  facts: readonly Fact[];
  children: ReactNode;
}) {
  return (
    <div data-section={section} className="d-flex flex-column gap-3">
      <BackButton label={back} onClick={onBack} />
      <div className="card">
        <div className="card-body">
          <h2 className="h5 text-break">{title}</h2>
          {badges && <p className="mb-2">{badges}</p>}
          <Facts facts={facts} />
        </div>
      </div>
      {children}
    </div>
  );
}

/** How many days a change to a subscription lasts, asked in its dialog. */
export function DaysField({
  value,
  onChange,
  className = '',
}: {
  value: number;
  onChange: (days: number) => void;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <label className={`${className} form-label mb-0`.trim()}>
      {t('users.days')}
      <input
        type="number"
        className="form-control"
        name="days"
        min={1}
        max={3660}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  );
}
