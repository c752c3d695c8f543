import { isValidDateText, kinEntity, kinOfDate, parseDate } from '@hunab/calendar';
import { birthDateBodySchema, INTERESTS } from '@hunab/contracts';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmailTopics } from '../../components/EmailTopics.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { RadioOptions } from '../../components/RadioOptions.tsx';
import { takeAfterOnboarding } from '../../lib/after-onboarding.ts';
import { ApiRequestError, api } from '../../lib/api.ts';
import { detectInterest, INTEREST_STORAGE_KEY, type Interest } from '../../lib/interest.ts';
import { changeLanguage } from '../../lib/language-change.ts';
import { LANGUAGES, type Language, languageOfPath, localizedPath, NATIVE_NAMES } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { local } from '../../lib/storage.ts';
import { type SessionUser, updateSessionUser, useSession } from '../auth/session.ts';
import './onboarding.css';

const STEPS = ['birth', 'language', 'interest', 'topics'] as const;
type Step = (typeof STEPS)[number];
/** The interests a person can name (spec 001 section 3); the landings' own (13secrets, 13days) come from their pages. */
const CHOOSABLE: readonly Interest[] = INTERESTS.filter((i): i is Interest =>
  ['general', 'essence', 'coach', '13moons'].includes(i),
);
const FINISH = '/dash?welcome=true&source=registration';

type Status = { kind: 'success' | 'danger'; text: string } | null;

/** The kin of a birth date as the engine reads it, or null while the date is not a whole valid date. */
function kinOfBirthDate(text: string): number | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isValidDateText(text) ? kinOfDate(parseDate(text)) : null;
}

function BirthStep({ user, lang, onDone }: { user: SessionUser; lang: Language; onDone: () => void }) {
  const { t } = useTranslation('growth');
  const [value, setValue] = useState(user.birth_date ?? '');
  const { busy, status, setStatus, save } = useStepSave();
  const kin = kinOfBirthDate(value);
  const entity = kin ? kinEntity(kin, lang) : null;
  const saved = Boolean(user.birth_date) && user.birth_date === value;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saved) return onDone();
    const parsed = birthDateBodySchema.safeParse({ birthDate: value });
    if (!parsed.success) return setStatus({ kind: 'danger', text: t('onboarding.birth.invalid') });
    await save(async () => {
      const reply = await api<{ user: SessionUser }>('/user/me/birth-date', { method: 'PUT', body: parsed.data });
      updateSessionUser(reply.user);
      onDone();
    });
  };

  return (
    <StepForm
      step="birth"
      onSubmit={submit}
      noValidate
      status={status}
      busy={busy}
      canSave={Boolean(kin)}
      onSkip={onDone}
    >
      <label className="form-label small" htmlFor="onboarding-birth-date">
        {t('onboarding.birth.label')}
      </label>
      <input
        id="onboarding-birth-date"
        type="date"
        className="form-control onboarding-date"
        value={value}
        min="1900-01-01"
        onChange={(event) => setValue(event.target.value)}
        data-testid="onboarding-birth-date"
      />
      {entity && (
        <div className="onboarding-kin mt-3" aria-live="polite" data-testid="onboarding-kin" data-kin={entity.number}>
          <KinCard kin={entity.number} lang={lang} size="lg" showName={false} />
          <div>
            <p className="small text-body-secondary mb-1">{t('onboarding.birth.yourKin')}</p>
            <p className="h5 mb-1">{t('onboarding.birth.kin', { number: entity.number, name: entity.name })}</p>
            <p className="small mb-0">
              {t('onboarding.birth.parts', {
                seal: entity.sign.name,
                tone: entity.tone.name,
                wave: entity.waveSpell.name,
              })}
            </p>
          </div>
        </div>
      )}
    </StepForm>
  );
}

/** Saving a step: its buttons wait meanwhile, and a failure is said under the step. */
function useStepSave() {
  const { t } = useTranslation('growth');
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setStatus({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('onboarding.failed') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, status, setStatus, save };
}

/** A step of the form: its title and what it asks for, its fields, what became of saving it, and its buttons. */
function StepForm({
  step,
  onSubmit,
  noValidate,
  status = null,
  busy,
  canSave = true,
  onSkip,
  children,
}: {
  step: 'birth' | 'language' | 'interest';
  onSubmit: (event: FormEvent) => void;
  noValidate?: boolean;
  status?: Status;
  busy: boolean;
  canSave?: boolean;
  onSkip: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('growth');
  return (
    <form onSubmit={onSubmit} noValidate={noValidate} data-testid={`onboarding-${step}`}>
      <h2 className="h5">{t(`onboarding.${step}.title`)}</h2>
      <p className="text-body-secondary small">{t(`onboarding.${step}.intro`)}</p>
      {children}
      {status && (
        <p className={`small mt-2 mb-0 text-${status.kind}`} role="status">
          {status.text}
        </p>
      )}
      <StepButtons busy={busy} canSave={canSave} onSkip={onSkip} />
    </form>
  );
}

/** The choices of a step as cards, each with its radio button; the chosen card is marked. */
function Choices<T extends string>({
  step,
  options,
  value,
  onChange,
  wide,
  children,
}: {
  step: 'language' | 'interest';
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  wide?: boolean;
  children: (option: T) => ReactNode;
}) {
  const { t } = useTranslation('growth');
  const name = `onboarding-${step}`;
  return (
    <fieldset className={wide ? 'onboarding-choices onboarding-choices-wide' : 'onboarding-choices'}>
      <legend className="visually-hidden">{t(`onboarding.${step}.title`)}</legend>
      <RadioOptions
        name={name}
        options={options}
        value={value}
        onChange={onChange}
        optionClassName={(chosen) => `onboarding-choice ${chosen ? 'is-chosen' : ''}`}
        testId={(option) => `${name}-${option}`}
      >
        {children}
      </RadioOptions>
    </fieldset>
  );
}

function StepButtons({ busy, canSave, onSkip }: { busy?: boolean; canSave: boolean; onSkip: () => void }) {
  const { t } = useTranslation('growth');
  return (
    <div className="d-flex gap-2 mt-4 flex-wrap">
      <button type="submit" className="btn btn-primary" disabled={busy || !canSave} data-testid="onboarding-next">
        {t('onboarding.next')}
      </button>
      <button type="button" className="btn btn-link" onClick={onSkip} data-testid="onboarding-skip">
        {t('onboarding.skip')}
      </button>
    </div>
  );
}

function LanguageStep({ lang, onDone }: { lang: Language; onDone: (lang: Language) => void }) {
  const [value, setValue] = useState<Language>(lang);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (value !== lang) await changeLanguage(value);
      onDone(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepForm step="language" onSubmit={submit} busy={busy} onSkip={() => onDone(lang)}>
      <Choices step="language" options={LANGUAGES} value={value} onChange={setValue}>
        {(code) => <span lang={code}>{NATIVE_NAMES[code]}</span>}
      </Choices>
    </StepForm>
  );
}

function InterestStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('growth');
  const [value, setValue] = useState<Interest>(() => {
    const detected = detectInterest({
      navigationState: null,
      historyState: null,
      search: '',
      pageAttribute: null,
      stored: local.get(INTEREST_STORAGE_KEY),
      now: Date.now(),
    }).interest;
    return CHOOSABLE.includes(detected) ? detected : 'general';
  });
  const { busy, status, save } = useStepSave();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(async () => {
      await api('/user/me/interest', { method: 'PUT', body: { interest: value } });
      onDone();
    });
  };
  return (
    <StepForm step="interest" onSubmit={submit} status={status} busy={busy} onSkip={onDone}>
      <Choices step="interest" options={CHOOSABLE} value={value} onChange={setValue} wide>
        {(interest) => (
          <span>
            <strong className="d-block">{t(`onboarding.interest.names.${interest}`)}</strong>
            <span className="small text-body-secondary">{t(`onboarding.interest.hints.${interest}`)}</span>
          </span>
        )}
      </Choices>
    </StepForm>
  );
}

/**
 * /onboarding, after registration: the birth date (if the account has none) with the kin it reveals, the language,
 * what the person came for (the interest of the registration payload) and the email topics. Every step can be
 * skipped; the last leads to the dashboard's welcome. The step is in the address, so a language change (which moves
 * to the language's own address) and a reload keep the place.
 */
export default function OnboardingPage() {
  const { t } = useTranslation('growth');
  usePageTitle(t('onboarding.title'));
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const requested = params.get('step');
  const step: Step = useMemo(() => STEPS.find((s) => s === requested) ?? 'birth', [requested]);
  const index = STEPS.indexOf(step);

  const go = (next: Step | null, language: Language = lang) => {
    if (!next) {
      // A reader who registered from a checkout, a product or a shared page goes back there, in the language chosen.
      const back = takeAfterOnboarding(language);
      if (back) return navigate(back);
    }
    const target = next ? `/onboarding?step=${next}` : FINISH;
    navigate(localizedPath(language, target), { replace: language !== lang });
  };
  const after = (current: Step) => STEPS[STEPS.indexOf(current) + 1] ?? null;

  if (!user) return null;
  return (
    <div className="onboarding container py-4" data-testid="onboarding">
      <p className="small text-body-secondary mb-1" data-testid="onboarding-progress">
        {t('onboarding.progress', { step: index + 1, total: STEPS.length })}
      </p>
      <div className="progress mb-4" style={{ height: 4 }} aria-hidden="true">
        <div className="progress-bar" style={{ width: `${((index + 1) / STEPS.length) * 100}%` }} />
      </div>
      <h1 className="h3 mb-3">{t('onboarding.title')}</h1>
      <div className="onboarding-card">
        {step === 'birth' && <BirthStep user={user} lang={lang} onDone={() => go(after('birth'))} />}
        {step === 'language' && <LanguageStep lang={lang} onDone={(chosen) => go(after('language'), chosen)} />}
        {step === 'interest' && <InterestStep onDone={() => go(after('interest'))} />}
        {step === 'topics' && (
          <div data-testid="onboarding-topics">
            <EmailTopics className="mb-2" />
            <div className="d-flex gap-2 mt-4 flex-wrap">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => go(null)}
                data-testid="onboarding-finish"
              >
                {t('onboarding.finish')}
              </button>
              <button type="button" className="btn btn-link" onClick={() => go(null)} data-testid="onboarding-skip">
                {t('onboarding.skip')}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
