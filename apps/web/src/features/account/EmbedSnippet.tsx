import type { Language } from '@hunab/calendar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const WIDGETS = {
  today: { path: '/embed/today', height: { small: 150, medium: 190, large: 260 } },
  kin: { path: '/embed/kin/1', height: { small: 150, medium: 190, large: 260 } },
  moon: { path: '/embed/moon', height: { small: 300, medium: 360, large: 480 } },
} as const;
const WIDTHS = { small: 240, medium: 320, large: 480 } as const;
type Widget = keyof typeof WIDGETS;
type Size = keyof typeof WIDTHS;

/** The <iframe> a site pastes to show a widget of the product (modules/public-api/embed.ts on the server). */
export function embedSnippet(origin: string, widget: Widget, lang: Language, theme: 'light' | 'dark', size: Size) {
  const src = `${origin}${WIDGETS[widget].path}?lang=${lang}&theme=${theme}&size=${size}`;
  return {
    src,
    width: WIDTHS[size],
    height: WIDGETS[widget].height[size],
    html: `<iframe src="${src.replace(/&/g, '&amp;')}" width="${WIDTHS[size]}" height="${WIDGETS[widget].height[size]}" style="border:0;max-width:100%" loading="lazy" title="Hunab"></iframe>`,
  };
}

/** The widget to put on one's own site: a choice of widget, theme and size, the code to copy and a live preview. */
export function EmbedSnippet({ lang }: { lang: Language }) {
  const { t } = useTranslation('growth');
  const [widget, setWidget] = useState<Widget>('today');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [size, setSize] = useState<Size>('medium');
  const [copied, setCopied] = useState(false);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const snippet = embedSnippet(origin, widget, lang, theme, size);
  const choice = <T extends string>(name: string, value: T, options: readonly T[], set: (value: T) => void) => (
    <label className="form-label small me-3">
      {t(`brand.embed.${name}`)}
      <select
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => {
          set(event.target.value as T);
          setCopied(false);
        }}
        data-testid={`embed-${name}`}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`brand.embed.${name}s.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="settings-card" data-testid="brand-embed">
      <h2 className="h6">{t('brand.embed.title')}</h2>
      <p className="small text-body-secondary">{t('brand.embed.intro')}</p>
      <div className="d-flex flex-wrap">
        {choice('widget', widget, ['today', 'kin', 'moon'] as const, setWidget)}
        {choice('theme', theme, ['light', 'dark'] as const, setTheme)}
        {choice('size', size, ['small', 'medium', 'large'] as const, setSize)}
      </div>
      <label className="form-label small" htmlFor="embed-code">
        {t('brand.embed.code')}
      </label>
      <textarea
        id="embed-code"
        className="form-control form-control-sm font-monospace"
        dir="ltr"
        rows={3}
        readOnly
        value={snippet.html}
        data-testid="embed-code"
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary mt-2"
        onClick={() => {
          void navigator.clipboard?.writeText(snippet.html).then(() => setCopied(true));
        }}
      >
        {copied ? t('brand.embed.copied') : t('brand.embed.copy')}
      </button>
      <h3 className="h6 mt-3">{t('brand.embed.preview')}</h3>
      <iframe
        src={snippet.src}
        width={snippet.width}
        height={snippet.height}
        style={{ border: 0, maxWidth: '100%' }}
        title={t('brand.embed.preview')}
        data-testid="embed-preview"
      />
    </section>
  );
}
