import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLink } from '../components/BrandLink.tsx';
import { applyDocumentLanguage } from '../lib/i18n.ts';
import { LANGUAGES, languageOfPath, localizedPath, NATIVE_NAMES } from '../lib/languages.ts';

function Header() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);

  useEffect(() => {
    applyDocumentLanguage(lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);

  return (
    <header className="app-header">
      <BrandLink to={localizedPath(lang, '/')} />
      <nav aria-label={t('language.label')} className="language-list">
        {LANGUAGES.map((code) => (
          <Link
            key={code}
            to={localizedPath(code, '/')}
            lang={code}
            hrefLang={code}
            aria-current={code === lang ? 'true' : undefined}
            className={code === lang ? 'active' : undefined}
            reloadDocument={false}
          >
            {NATIVE_NAMES[code]}
          </Link>
        ))}
      </nav>
    </header>
  );
}

export function LanguageLayout() {
  return (
    <Suspense fallback={<div className="app-loading">Hunab</div>}>
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
    </Suspense>
  );
}
