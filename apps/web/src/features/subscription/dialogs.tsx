import { PAUSE_DAYS } from '@hunab/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { TextAreaField } from '../../components/FormField.tsx';
import { RadioButtons } from './RadioButtons.tsx';

export type PauseDays = (typeof PAUSE_DAYS)[number];

/** Pause for 7, 14 or 30 days (7 unless the cancel dialog chose another), with an optional reason. */
export function PauseDialog({
  initialDays,
  busy,
  onConfirm,
  onClose,
}: {
  initialDays: PauseDays;
  busy: boolean;
  onConfirm: (days: PauseDays, reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('subscription');
  const [days, setDays] = useState<PauseDays>(initialDays);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  return (
    <Dialog title={t('pauseDialog.title')} closeLabel={t('close')} onClose={onClose} data={{ testid: 'pause-dialog' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(days, reason.trim());
        }}
      >
        <p className="text-body-secondary">{t('pauseDialog.text')}</p>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('pauseDialog.duration')}</legend>
          <RadioButtons
            name="pause-days"
            className="w-100"
            options={PAUSE_DAYS}
            value={days}
            onChange={setDays}
            label={(option) => t('days', { count: option })}
          />
        </fieldset>
        <TextAreaField
          id={reasonId}
          label={t('pauseDialog.reason')}
          rows={2}
          maxLength={500}
          value={reason}
          onValueChange={setReason}
        />
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('pauseDialog.confirm', { count: days })}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('back')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Cancel for real, or take a pause of 30 or 7 days instead (which opens the pause dialog with that duration). */
export function CancelDialog({
  busy,
  onConfirm,
  onPauseInstead,
  onClose,
}: {
  busy: boolean;
  onConfirm: () => void;
  onPauseInstead: (days: PauseDays) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('subscription');
  return (
    <Dialog
      title={t('cancelDialog.title')}
      closeLabel={t('close')}
      onClose={onClose}
      data={{ testid: 'cancel-dialog' }}
    >
      <p>{t('cancelDialog.text')}</p>
      <section className="subscription-alternative" aria-label={t('cancelDialog.alternative')}>
        <p className="fw-semibold mb-2">{t('cancelDialog.alternative')}</p>
        <div className="dialog-actions">
          {([30, 7] as const).map((days) => (
            <button key={days} type="button" className="btn btn-outline-primary" onClick={() => onPauseInstead(days)}>
              {t('cancelDialog.pauseFor', { count: days })}
            </button>
          ))}
        </div>
      </section>
      <div className="dialog-actions">
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {t('cancelDialog.confirm')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('cancelDialog.keep')}
        </button>
      </div>
    </Dialog>
  );
}
