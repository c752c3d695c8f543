import { PROGRAMMES, type Programme } from '@hunab/contracts';
import type { Interest } from '../../lib/interest.ts';

/**
 * The landings: what each page is for and where its call to action leads. Their words are data in the `landing`
 * namespace (`pages.<id>`), so one set of components draws them all; a variant shares the body of its base and has
 * a hero of its own.
 */
export type LandingId =
  | 'welcome'
  | 'welcome-b'
  | '13days'
  | '13secrets'
  | '13moons'
  | '13moons-simple'
  | '13moons-webstudio'
  | 'essence'
  | 'welcome-coaches'
  | 'hunabbot';

/** Where the main button leads: registration, the checkout of a programme, the mailing list form, the chat-bot. */
export type LandingAction =
  | { kind: 'register' }
  | { kind: 'checkout'; programme: Programme['id'] }
  | { kind: 'mailing' }
  | { kind: 'bot' };

/** The sections of a landing below its hero, in order. */
export type LandingSection = 'benefits' | 'offer' | 'steps' | 'testimonials' | 'faq' | 'final';

export interface Landing {
  id: LandingId;
  /** The landing whose body (benefits, steps, questions, closing) this one shows; itself when absent. */
  base?: LandingId;
  interest: Interest;
  action: LandingAction;
  sections: readonly LandingSection[];
  /** Where the hero's second button leads (a page of the app); the page's first section when absent. */
  secondaryTo?: string;
  /** The hero's colour scheme. */
  tone: 'violet' | 'gold' | 'teal';
}

const FULL: readonly LandingSection[] = ['benefits', 'steps', 'testimonials', 'faq', 'final'];
const SALE: readonly LandingSection[] = ['benefits', 'offer', 'steps', 'testimonials', 'faq', 'final'];

export const LANDINGS: Readonly<Record<LandingId, Landing>> = {
  welcome: {
    id: 'welcome',
    interest: 'general',
    action: { kind: 'register' },
    sections: FULL,
    secondaryTo: '/dash',
    tone: 'violet',
  },
  'welcome-b': {
    id: 'welcome-b',
    base: 'welcome',
    interest: 'general',
    action: { kind: 'register' },
    sections: ['steps', 'benefits', 'testimonials', 'final'],
    secondaryTo: '/dash',
    tone: 'teal',
  },
  '13days': {
    id: '13days',
    interest: '13days',
    action: { kind: 'checkout', programme: '13days' },
    sections: SALE,
    tone: 'gold',
  },
  '13secrets': { id: '13secrets', interest: '13secrets', action: { kind: 'mailing' }, sections: FULL, tone: 'teal' },
  '13moons': {
    id: '13moons',
    interest: '13moons',
    action: { kind: 'checkout', programme: '13moons' },
    sections: SALE,
    tone: 'violet',
  },
  '13moons-simple': {
    id: '13moons-simple',
    base: '13moons',
    interest: '13moons',
    action: { kind: 'checkout', programme: '13moons' },
    sections: ['offer', 'testimonials', 'faq'],
    tone: 'violet',
  },
  '13moons-webstudio': {
    id: '13moons-webstudio',
    base: '13moons',
    interest: '13moons',
    action: { kind: 'checkout', programme: '13moons' },
    sections: ['benefits', 'steps', 'offer', 'testimonials', 'final'],
    tone: 'teal',
  },
  essence: { id: 'essence', interest: 'essence', action: { kind: 'register' }, sections: FULL, tone: 'gold' },
  'welcome-coaches': {
    id: 'welcome-coaches',
    interest: 'coach',
    action: { kind: 'register' },
    sections: FULL,
    tone: 'teal',
  },
  hunabbot: { id: 'hunabbot', interest: 'general', action: { kind: 'bot' }, sections: FULL, tone: 'violet' },
};

/** The landing shown at a path without its language prefix, or null. */
export function landingAt(path: string): Landing | null {
  const id = path.replace(/^\/+|\/+$/g, '') as LandingId;
  return Object.hasOwn(LANDINGS, id) ? LANDINGS[id] : null;
}

export const programmeOf = (action: LandingAction): Programme | null =>
  action.kind === 'checkout' ? PROGRAMMES[action.programme] : null;

/** The words of a landing's hero, its own; the words of the body, its base's. */
export interface HeroText {
  title: string;
  description: string;
  eyebrow: string;
  heading: string;
  lead: string;
  cta: string;
  secondary: string;
}

export interface BodyText {
  benefitsTitle: string;
  benefits: { title: string; text: string }[];
  stepsTitle: string;
  steps: { title: string; text: string }[];
  faq: { q: string; a: string }[];
  finalTitle: string;
  finalText: string;
  finalCta: string;
}
