import ltrStylesheet from 'bootstrap/dist/css/bootstrap.min.css?url';
import rtlStylesheet from 'bootstrap/dist/css/bootstrap.rtl.min.css?url';

/**
 * Bootstrap ships a left-to-right and a right-to-left stylesheet (ms-/me-, text-start ... mirror in the second).
 * Exactly one is on the page: the one of the document's direction.
 */
export function applyBootstrapDirection(direction: 'ltr' | 'rtl'): void {
  const href = direction === 'rtl' ? rtlStylesheet : ltrStylesheet;
  let link = document.getElementById('bootstrap-css') as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = 'bootstrap-css';
    link.rel = 'stylesheet';
    document.head.prepend(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
