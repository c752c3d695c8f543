import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { applyDocumentLanguage, initI18n } from './lib/i18n.ts';
import { languageOfPath } from './lib/languages.ts';

const lang = languageOfPath(window.location.pathname);
applyDocumentLanguage(lang);
void initI18n(lang);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
