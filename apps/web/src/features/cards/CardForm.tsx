import { MIN_DATE } from '@hunab/calendar';
import { CARD_DESCRIPTION_MAX, CARD_NAME_MAX } from '@hunab/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../components/FormField.tsx';
import type { CardBody } from './api.ts';
import { type CardFormErrors, type CardFormValues, readCardForm } from './model.ts';

export interface CardFormProps {
  mode: 'create' | 'edit';
  initial: CardFormValues;
  /** Saves; resolves with the key of an error to show, or null when saved. */
  onSave(card: CardBody, typed: string): Promise<string | null>;
  onCancel(): void;
  /** Called with every change while creating, so an unsaved card survives closing the bar and signing in. */
  onDraft?(values: CardFormValues): void;
  /** False when the reader's own birth date is the main card: a saved card is then never marked main. */
  offerPrimary?: boolean;
}

/** Today's date where the reader is (YYYY-MM-DD): no birth date comes after it. */
const todayInZone = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** The card form (spec 001 sections 4-5): name, birth date and time (12:00 unless given), a note, the primary mark. */
export function CardForm({ mode, initial, onSave, onCancel, onDraft, offerPrimary = true }: CardFormProps) {
  const { t } = useTranslation('cards');
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => nameInput.current?.focus(), []);

  const change = <K extends keyof CardFormValues>(field: K, value: CardFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    onDraft?.(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readCardForm(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    const problem = await onSave(read.card, read.typed);
    setSaving(false);
    if (problem) setFailure(problem);
  };

  const field = (name: keyof CardFormErrors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorText = (name: keyof CardFormErrors) =>
    errors[name] ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {t(errors[name], { count: CARD_NAME_MAX })}
      </div>
    ) : null;

  return (
    <form className="card-form" onSubmit={submit} noValidate data-testid="card-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6">
        {mode === 'create' ? t('form.createTitle') : t('form.editTitle')}
      </h3>
      <div className="mb-2">
        <label className="form-label small" htmlFor={`${id}-name`}>
          {t('form.name')}
        </label>
        <input
          ref={nameInput}
          id={`${id}-name`}
          className={`form-control${errors.name ? ' is-invalid' : ''}`}
          value={values.name}
          maxLength={CARD_NAME_MAX}
          autoComplete="off"
          required
          onChange={(e) => change('name', e.target.value)}
          {...field('name')}
          data-testid="card-name"
        />
        {errorText('name') ??
          (values.name.length >= CARD_NAME_MAX && (
            <div className="form-text" data-testid="card-name-limit">
              {t('errors.nameTooLong', { count: CARD_NAME_MAX })}
            </div>
          ))}
      </div>
      <fieldset className="mb-2">
        <legend className="form-label small mb-1">{t('form.birthDate')}</legend>
        <div className="card-form-when">
          <input
            id={`${id}-date`}
            type="date"
            className={`form-control${errors.birth_date ? ' is-invalid' : ''}`}
            value={values.date}
            min={MIN_DATE}
            max={todayInZone()}
            required
            aria-label={t('form.date')}
            onChange={(e) => change('date', e.target.value)}
            {...field('birth_date')}
            data-testid="card-date"
          />
          <input
            id={`${id}-time`}
            type="time"
            className={`form-control${errors.birth_date ? ' is-invalid' : ''}`}
            value={values.time}
            aria-label={t('form.time')}
            onChange={(e) => change('time', e.target.value)}
            {...field('birth_date')}
            data-testid="card-time"
          />
        </div>
        <div className="form-text">{t('form.timeHint')}</div>
        {errorText('birth_date')}
      </fieldset>
      <div className="mb-2">
        <label className="form-label small" htmlFor={`${id}-description`}>
          {t('form.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className="form-control"
          rows={2}
          maxLength={CARD_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => change('description', e.target.value)}
        />
      </div>
      {offerPrimary ? (
        <CheckField
          id={`${id}-primary`}
          className="mb-3"
          label={t('form.primary')}
          checked={values.is_primary}
          onCheckedChange={(checked) => change('is_primary', checked)}
        />
      ) : null}
      {failure && (
        <div className="alert alert-danger py-2" role="alert" data-testid="card-form-error">
          {t(failure)}
        </div>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving} data-testid="card-save">
          {saving ? t('form.saving') : t('form.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={saving}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
