import { calendarNames } from '@hunab/calendar';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { SealGlyph } from '../../components/glyphs/SealGlyph.tsx';
import { ToneGlyph } from '../../components/glyphs/ToneGlyph.tsx';
import { languageOfPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { downloadPng, downloadSvg } from './brand-assets.ts';
import { EmbedSnippet } from './EmbedSnippet.tsx';
import './signature.css';

/** The logo files the app itself ships (public/). */
const LOGOS = [
  { file: '/favicon.svg', name: 'hunab-logo.svg', key: 'logoSvg' },
  { file: '/icons/icon-512.png', name: 'hunab-logo-512.png', key: 'logo512' },
  { file: '/icons/icon-192.png', name: 'hunab-logo-192.png', key: 'logo192' },
  { file: '/icons/icon-maskable-512.png', name: 'hunab-logo-maskable-512.png', key: 'logoMaskable' },
  { file: '/icons/apple-touch-icon.png', name: 'hunab-apple-touch-icon.png', key: 'logoApple' },
] as const;

/** The colours of the logo and the glyphs (the favicon and `glyphs.css`). */
const COLORS = [
  ['ink', '#14121f'],
  ['gold', '#e8b84a'],
  ['red', '#d9453b'],
  ['white', '#f4f1ea'],
  ['blue', '#3c7be0'],
] as const;

function GlyphAsset({ name, file, children }: { name: string; file: string; children: React.ReactNode }) {
  const { t } = useTranslation('growth');
  const box = useRef<HTMLDivElement>(null);
  const svg = () => box.current?.querySelector('svg') ?? null;
  return (
    <li className="brand-asset" data-testid="brand-glyph">
      <div className="brand-asset-preview" ref={box}>
        {children}
      </div>
      <span className="small">{name}</span>
      <div className="brand-asset-actions">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => {
            const element = svg();
            if (element) downloadSvg(element, file);
          }}
          aria-label={t('brand.downloadSvg', { name })}
        >
          SVG
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => {
            const element = svg();
            if (element) void downloadPng(element, file);
          }}
          aria-label={t('brand.downloadPng', { name })}
        >
          PNG
        </button>
      </div>
    </li>
  );
}

/** /account/brand-elements: the logo, the colours and the glyphs of the product to download, with how to use them. */
export default function BrandElementsPage() {
  const { t } = useTranslation('growth');
  usePageTitle(t('brand.title'));
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const names = calendarNames(lang);
  const rules = t('brand.rules', { returnObjects: true }) as unknown;
  return (
    <AccountLayout>
      <h1 className="h4 mb-1">{t('brand.title')}</h1>
      <p className="text-body-secondary small">{t('brand.intro')}</p>

      <section className="settings-card" data-testid="brand-logos">
        <h2 className="h6">{t('brand.logo')}</h2>
        <ul className="brand-assets">
          {LOGOS.map((logo) => (
            <li key={logo.file} className="brand-asset">
              <div className="brand-asset-preview">
                <img src={logo.file} alt="" width={80} height={80} loading="lazy" />
              </div>
              <span className="small">{t(`brand.${logo.key}`)}</span>
              <a className="btn btn-sm btn-outline-secondary" href={logo.file} download={logo.name}>
                {t('brand.download')}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="settings-card" data-testid="brand-colors">
        <h2 className="h6">{t('brand.colors')}</h2>
        <ul className="brand-colors">
          {COLORS.map(([key, hex]) => (
            <li key={key} className="brand-color">
              <span className="brand-swatch" style={{ background: hex }} aria-hidden="true" />
              <span>
                {t(`brand.color.${key}`)} <code dir="ltr">{hex}</code>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="settings-card">
        <h2 className="h6">{t('brand.seals')}</h2>
        <ul className="brand-assets">
          {names.seals.map((name, index) => (
            <GlyphAsset key={name} name={name} file={`hunab-seal-${index + 1}`}>
              <SealGlyph seal={index + 1} size={72} label={name} />
            </GlyphAsset>
          ))}
        </ul>
        <h2 className="h6 mt-3">{t('brand.tones')}</h2>
        <ul className="brand-assets">
          {names.tones.map((name, index) => (
            <GlyphAsset key={name} name={name} file={`hunab-tone-${index + 1}`}>
              <ToneGlyph tone={index + 1} size={72} label={name} />
            </GlyphAsset>
          ))}
        </ul>
      </section>

      <EmbedSnippet lang={lang} />

      <section className="settings-card" data-testid="brand-rules">
        <h2 className="h6">{t('brand.usage')}</h2>
        <ul className="small mb-0 ps-3">
          {Array.isArray(rules) && rules.map((rule) => <li key={String(rule)}>{String(rule)}</li>)}
        </ul>
      </section>
    </AccountLayout>
  );
}
