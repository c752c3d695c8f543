import {
  TESTIMONIAL_SCREENSHOT_MAX_BYTES,
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
  type TestimonialDto,
} from '@hunab/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, api } from '../../lib/api.ts';
import type { Language } from '../../lib/languages.ts';
import type { SessionUser } from '../auth/session.ts';

const MINE_KEY = ['testimonials', 'mine'];
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** A file's bytes as base64, without the data-URL prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The reader's testimonial on the account page: a text, an optional screenshot, and the consent to publish it with
 * the first name; administrators review it before anyone sees it. The reader's own testimonials are listed with their
 * state and can be withdrawn.
 */
export function TestimonialForm({ user, lang }: { user: SessionUser; lang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const mine = useQuery({
    queryKey: MINE_KEY,
    queryFn: async () => (await api<{ data: TestimonialDto[] }>('/testimonials/mine')).data,
  });
  const [text, setText] = useState('');
  const [firstName, setFirstName] = useState(user.firstName ?? user.name?.split(/\s+/)[0] ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  const problem = (): string | null => {
    if (text.trim().length < TESTIMONIAL_TEXT_MIN)
      return t('testimonials.form.tooShort', { min: TESTIMONIAL_TEXT_MIN });
    if (!firstName.trim()) return t('testimonials.form.nameRequired');
    if (file && !IMAGE_TYPES.includes(file.type)) return t('testimonials.form.imageType');
    if (file && file.size > TESTIMONIAL_SCREENSHOT_MAX_BYTES) return t('testimonials.form.imageSize');
    if (!consent) return t('testimonials.form.consentRequired');
    return null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = problem();
    if (invalid) {
      setMessage({ kind: 'danger', text: invalid });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await api('/testimonials', {
        body: {
          text: text.trim(),
          first_name: firstName.trim(),
          consent: true,
          lang,
          ...(file ? { screenshot: await base64Of(file) } : {}),
        },
        timeoutMs: 30_000,
      });
      setText('');
      setFile(null);
      setConsent(false);
      setMessage({ kind: 'success', text: t('testimonials.form.sent') });
      await queryClient.invalidateQueries({ queryKey: MINE_KEY });
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : '';
      const known = ['INVALID_IMAGE', 'TESTIMONIAL_LIMIT_REACHED', 'RATE_LIMITED'].includes(code);
      setMessage({ kind: 'danger', text: t(known ? `testimonials.form.errors.${code}` : 'testimonials.form.failed') });
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(testimonial: TestimonialDto) {
    await api(`/testimonials/${testimonial.id}`, { method: 'DELETE' }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: MINE_KEY });
  }

  return (
    <section className="settings-card" aria-labelledby={`${id}-title`} data-testid="testimonial-form">
      <h2 className="h6" id={`${id}-title`}>
        {t('testimonials.form.title')}
      </h2>
      <p className="small text-body-secondary">{t('testimonials.form.intro')}</p>
      <form onSubmit={submit} noValidate>
        <label className="form-label" htmlFor={`${id}-text`}>
          {t('testimonials.form.text')}
        </label>
        <textarea
          id={`${id}-text`}
          className="form-control mb-2"
          rows={4}
          maxLength={TESTIMONIAL_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <label className="form-label" htmlFor={`${id}-name`}>
          {t('testimonials.form.firstName')}
        </label>
        <input
          id={`${id}-name`}
          className="form-control mb-2"
          maxLength={60}
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <label className="form-label" htmlFor={`${id}-file`}>
          {t('testimonials.form.screenshot')}
        </label>
        <input
          id={`${id}-file`}
          className="form-control mb-2"
          type="file"
          accept="image/png,image/jpeg"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div className="form-check mb-2">
          <input
            id={`${id}-consent`}
            className="form-check-input"
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-consent`}>
            {t('testimonials.form.consent')}
          </label>
        </div>
        {message && (
          <p className={`alert alert-${message.kind} py-2`} role={message.kind === 'danger' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('testimonials.form.send')}
        </button>
      </form>
      {mine.data && mine.data.length > 0 && (
        <ul className="list-unstyled mt-3 mb-0" data-testid="my-testimonials">
          {mine.data.map((item) => (
            <li key={item.id} className="d-flex flex-wrap gap-2 align-items-center mb-2" data-status={item.status}>
              <span
                className={`badge text-bg-${item.status === 'approved' ? 'success' : item.status === 'rejected' ? 'secondary' : 'warning'}`}
              >
                {t(`testimonials.status.${item.status}`)}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger ms-auto"
                onClick={() => void withdraw(item)}
              >
                {t('testimonials.form.withdraw')}
              </button>
              <span className="w-100 text-break small">{item.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
