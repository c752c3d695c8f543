import { kinOfDate, today } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SealGlyph } from '../../components/glyphs/SealGlyph.tsx';
import { ToneGlyph } from '../../components/glyphs/ToneGlyph.tsx';
import { OwnedNotice } from '../../components/OwnedProgramme.tsx';
import { Testimonials } from '../../components/Testimonials.tsx';
import { API_BASE, api } from '../../lib/api.ts';
import { rememberInterest } from '../../lib/interest.ts';
import { type Language, legalPath, localizedPath, splitLanguage } from '../../lib/languages.ts';
import { heldProgrammeOf, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { usePageHead } from '../../lib/page-meta.tsx';
import { formatPrice, planPrice } from '../../lib/plans.ts';
import { useSession } from '../auth/session.ts';
import { ExitIntent } from './ExitIntent.tsx';
import { type BodyText, type HeroText, type Landing, type LandingSection, landingAt, programmeOf } from './landings.ts';
import { MailingForm } from './MailingForm.tsx';
import './landing.css';

/** Where the main call to action of a landing leads. */
function actionHref(landing: Landing, lang: Language): string {
  const { action } = landing;
  if (action.kind === 'checkout') {
    return localizedPath(lang, `/checkout?product=${action.programme}&source=landing_${landing.id}`);
  }
  // The bot link goes through the server's counted redirect, which sends it on to the bot of the settings.
  if (action.kind === 'bot') return `${API_BASE.replace(/\/api$/, '')}/go/bot/${lang}?source=landing_${landing.id}`;
  if (action.kind === 'mailing') return '#subscribe';
  return localizedPath(lang, `/register?interest=${landing.interest}`);
}

function CallToAction({
  landing,
  lang,
  label,
  large,
}: {
  landing: Landing;
  lang: Language;
  label: string;
  large?: boolean;
}) {
  const className = `btn btn-primary landing-cta${large ? ' btn-lg' : ''}`;
  const href = actionHref(landing, lang);
  const session = useSession();
  const user = session.status === 'authenticated' && !session.user?.isOfflineUser ? session.user : null;
  const owned = useOwnedProgrammes(user && landing.action.kind === 'checkout' ? String(user.id) : null, lang);
  const programme = programmeOf(landing.action);
  // A programme the visitor already holds is not offered again: they see that it is theirs and when it starts.
  const held = programme && heldProgrammeOf(owned.data, { ...programme, type: 'program' });
  const { t } = useTranslation('landing');
  const botOff = useBotOff(landing);
  if (held) return <OwnedNotice programme={held} lang={lang} />;
  if (botOff) {
    // No bot runs on this server: say so rather than lead to a link that goes nowhere.
    return (
      <p className="alert alert-secondary d-inline-block mb-0" role="status" data-testid="bot-off">
        {t('botOff')}
      </p>
    );
  }
  if (landing.action.kind === 'bot' || landing.action.kind === 'mailing') {
    return (
      <a
        className={className}
        href={href}
        {...(landing.action.kind === 'bot' ? { target: '_blank', rel: 'noopener' } : {})}
        data-testid="landing-cta"
      >
        {label}
      </a>
    );
  }
  return (
    <Link className={className} to={href} data-testid="landing-cta">
      {label}
    </Link>
  );
}

/** A bot landing on a server where no bot runs (`GET /api/telegram/bot`): its steps and its last words lead nowhere. */
function useBotOff(landing: Landing): boolean {
  const bot = useQuery({
    queryKey: ['telegram', 'bot'],
    queryFn: () => api<{ enabled: boolean }>('/telegram/bot', { auth: false }),
    enabled: landing.action.kind === 'bot',
    staleTime: 300_000,
  });
  return landing.action.kind === 'bot' && bot.data?.enabled === false;
}

/** Today's kin as its seal and tone, the picture of the hero. */
function TodayKin({ label }: { label: (kin: number) => string }) {
  const kin = kinOfDate(today());
  const tone = ((kin - 1) % 13) + 1;
  const seal = ((kin - 1) % 20) + 1;
  return (
    <figure className="landing-kin" aria-label={label(kin)}>
      <ToneGlyph tone={tone} size={56} label={label(kin)} decorative />
      <SealGlyph seal={seal} size={112} label={label(kin)} decorative />
      <figcaption>{label(kin)}</figcaption>
    </figure>
  );
}

function Section({
  section,
  landing,
  lang,
  body,
}: {
  section: LandingSection;
  landing: Landing;
  lang: Language;
  body: BodyText;
}) {
  const { t } = useTranslation('landing');
  const botOff = useBotOff(landing);
  switch (section) {
    case 'benefits':
      return (
        <section className="landing-section" id="more" aria-labelledby="landing-benefits">
          <h2 id="landing-benefits">{body.benefitsTitle}</h2>
          <div className="landing-grid">
            {body.benefits.map((item) => (
              <div className="landing-card" key={item.title}>
                <h3 className="h5">{item.title}</h3>
                <p>{item.text}</p>
              </div>
            ))}
          </div>
        </section>
      );
    case 'steps':
      return (
        <section className="landing-section" aria-labelledby="landing-steps">
          <h2 id="landing-steps">{body.stepsTitle}</h2>
          <ol className="landing-steps">
            {body.steps.map((item) => (
              <li key={item.title}>
                <h3 className="h6">{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ol>
        </section>
      );
    case 'offer': {
      const programme = programmeOf(landing.action);
      if (!programme) return null;
      return (
        <section className="landing-section landing-offer" aria-label={t('common.priceDays', { days: programme.days })}>
          <p className="landing-price" data-testid="landing-price">
            {formatPrice(planPrice(programme, lang), lang)}
          </p>
          <p className="h5">{t('common.priceDays', { days: programme.days })}</p>
          <p className="text-body-secondary small">{t('common.oneTime')}</p>
          <CallToAction landing={landing} lang={lang} label={t(`pages.${landing.id}.cta`)} large />
        </section>
      );
    }
    case 'testimonials':
      // Only what readers really gave and administrators approved; hidden while there is none (docs/decisions/039).
      return <Testimonials lang={lang} className="landing-section" />;
    case 'faq':
      return (
        <section className="landing-section" aria-labelledby="landing-faq">
          <h2 id="landing-faq">{t('common.faqTitle')}</h2>
          {body.faq.map((item) => (
            <details className="landing-faq" key={item.q}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </section>
      );
    case 'final':
      return (
        <section className="landing-section landing-final" aria-labelledby="landing-final">
          <h2 id="landing-final">{body.finalTitle}</h2>
          {botOff ? null : <p>{body.finalText}</p>}
          {landing.action.kind === 'mailing' ? (
            <MailingForm lang={lang} />
          ) : (
            <CallToAction landing={landing} lang={lang} label={body.finalCta} large />
          )}
        </section>
      );
  }
}

/**
 * Every landing of spec 000 section 2.3, drawn by one set of sections from its words in the `landing` namespace:
 * the hero with its call to action, then the sections its entry in `landings.ts` lists.
 */
export default function LandingPage() {
  const { t } = useTranslation('landing');
  const location = useLocation();
  const { lang, path } = splitLanguage(location.pathname);
  const confirmed = new URLSearchParams(location.search).get('confirmed') === '1';
  const landing = landingAt(path) ?? (landingAt('/welcome') as Landing);
  const hero = t(`pages.${landing.id}`, { returnObjects: true }) as HeroText;
  const body = t(`pages.${landing.base ?? landing.id}`, { returnObjects: true }) as BodyText;
  usePageHead(lang, hero.title, hero.description);
  const botOff = useBotOff(landing);

  // The visit is the interest: registration within the hour carries it (spec 001 section 3).
  useEffect(() => {
    const programme = programmeOf(landing.action);
    rememberInterest(landing.interest, {
      productName: programme?.id ?? null,
      variant: landing.base ? landing.id : null,
      price: programme ? planPrice(programme, lang) : null,
      source: `landing:${landing.id}`,
    });
  }, [landing, lang]);

  return (
    <div className={`landing landing-${landing.tone}`} data-testid="landing" data-landing={landing.id}>
      <header className="landing-hero">
        <div className="landing-hero-text">
          <p className="landing-eyebrow">{hero.eyebrow}</p>
          <h1>{hero.heading}</h1>
          <p className="landing-lead">{hero.lead}</p>
          {landing.action.kind === 'mailing' && confirmed ? (
            <p className="alert alert-success" role="status" data-testid="mailing-confirmed">
              {t('common.mailing.confirmed')}
            </p>
          ) : landing.action.kind === 'mailing' ? (
            <MailingForm lang={lang} anchor="subscribe" />
          ) : (
            <div className="landing-actions">
              <CallToAction landing={landing} lang={lang} label={hero.cta} large />
              {landing.secondaryTo ? (
                <Link className="btn btn-outline-secondary btn-lg" to={localizedPath(lang, landing.secondaryTo)}>
                  {hero.secondary}
                </Link>
              ) : (
                <a
                  className="btn btn-outline-secondary btn-lg"
                  href={landing.sections.includes('benefits') ? '#more' : '#landing-end'}
                >
                  {hero.secondary}
                </a>
              )}
            </div>
          )}
          {landing.action.kind === 'register' && (
            <p className="small landing-signin">
              {t('common.signIn')} <Link to={localizedPath(lang, '/login')}>{t('common.signInLink')}</Link>
            </p>
          )}
        </div>
        <TodayKin label={(kin) => t('common.todayKin', { kin })} />
      </header>
      {landing.sections
        // Without a bot on this server, the steps of starting it are left out.
        .filter((section) => !(botOff && section === 'steps'))
        .map((section) => (
          <Section key={section} section={section} landing={landing} lang={lang} body={body} />
        ))}
      <p className="landing-legal small text-body-secondary" id="landing-end">
        {t('common.legal')} <Link to={legalPath(lang, 'terms')}>{t('common.terms')}</Link> ·{' '}
        <Link to={legalPath(lang, 'privacy')}>{t('common.privacy')}</Link>
      </p>
      <ExitIntent lang={lang} />
    </div>
  );
}
