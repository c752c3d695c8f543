import { isValidDateText, kinOfDate, MAX_DATE, MIN_DATE, parseDate } from '@hunab/calendar';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormField } from '../../components/FormField.tsx';
import { birthDateFromUrl, encodeBirthDate } from '../../lib/birth-date.ts';
import { rememberGuestBirthDate, useSession } from '../auth/session.ts';

/** The birth date of a personal page: the URL hash, the birthDate query, else the signed-in user's own. */
export function usePageBirthDate(): string | null {
  const { search, hash } = useLocation();
  const session = useSession();
  return birthDateFromUrl(hash, search) ?? session.user?.birth_date ?? null;
}

/** Asks for a birth date and carries it in the URL hash of the current page. */
export function BirthDateForm({ initial }: { initial: string | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial ?? '');
  const session = useSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.length !== 10) return;
    // A guest's birth date is kept on the device and given to the account they create or sign in to (spec 000 3).
    if (session.status !== 'authenticated' && isValidDateText(value)) {
      rememberGuestBirthDate(value, { kin: kinOfDate(parseDate(value)) });
    }
    navigate(`${pathname}#${encodeBirthDate(value)}`);
  };

  return (
    <form className="settings-card d-flex gap-2 flex-wrap align-items-end" onSubmit={submit}>
      <FormField
        className=""
        labelClassName="form-label small"
        id="personal-birth-date"
        label={t('account.birthDate')}
        type="date"
        min={MIN_DATE}
        max={MAX_DATE}
        value={value}
        onValueChange={setValue}
      />
      <button type="submit" className="btn btn-primary text-nowrap" disabled={value.length !== 10}>
        {t('dash.calculate')}
      </button>
    </form>
  );
}
