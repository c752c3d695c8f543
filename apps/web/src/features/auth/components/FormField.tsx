import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from '../../../components/FormField.tsx';
import { SubmitButton as FormSubmitButton } from '../../../components/SubmitButton.tsx';
import type { CheckedForm } from '../hooks.ts';
import { type NewPasswordValues, PASSWORD_MIN_LENGTH } from '../validation.ts';

type AuthFieldProps = Omit<FormFieldProps, 'type' | 'addon' | 'className' | 'labelClassName'>;

/** An email address field that keeps the keyboard and the browser from changing what is typed. */
export function EmailField(props: Omit<AuthFieldProps, 'label' | 'name' | 'inputMode' | 'placeholder'>) {
  const { t } = useTranslation('auth');
  return (
    <FormField
      label={t('fields.email')}
      type="email"
      name="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      placeholder={t('fields.emailPlaceholder')}
      autoComplete="email"
      required
      {...props}
    />
  );
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordField(props: AuthFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      addon={
        <button
          type="button"
          className="btn btn-link auth-reveal"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={t('common.showPassword')}
          title={t('common.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

/** The new password with its rules, then the same password again. */
export function NewPasswordFields({
  form,
  ids,
  label,
}: {
  form: CheckedForm<NewPasswordValues>;
  ids: Record<keyof NewPasswordValues, string>;
  /** The label of the first field. */
  label: string;
}) {
  const { t } = useTranslation('auth');
  const fields = [
    {
      key: 'password',
      label,
      name: 'new-password',
      hint: t('register.passwordHint', { count: PASSWORD_MIN_LENGTH }),
    },
    { key: 'passwordConfirm', label: t('fields.passwordConfirm'), name: 'password-confirm', hint: undefined },
  ] as const;
  return fields.map(({ key, ...field }) => (
    <PasswordField
      key={key}
      id={ids[key]}
      autoComplete="new-password"
      required
      value={form.values[key]}
      onValueChange={form.set(key)}
      onBlur={form.touch(key)}
      error={form.errorText(key)}
      {...field}
    />
  ));
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/** The submit button of the account forms: large and as wide as the card. */
export function SubmitButton(props: Omit<ComponentProps<typeof FormSubmitButton>, 'className'>) {
  return <FormSubmitButton className="btn btn-primary btn-lg w-100 auth-submit" {...props} />;
}

/** Moves focus to the first field that has an error, in the order given. */
export function focusFirstInvalid(ids: (string | false | null | undefined)[]): void {
  for (const id of ids) {
    if (!id) continue;
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      return;
    }
  }
}
