import { LANDING_PATHS, type PageKind } from '../lib/route-table.ts';

export interface LayoutRules {
  /** Header icons, settings and account controls. */
  headerControls: boolean;
  /** The previous / date / next selector in the header. */
  dateSelector: boolean;
  /** The bottom navigation below 991 px. */
  bottomNav: boolean;
  /** The date bar at the bottom of the screen on phones. */
  mobileDateBar: boolean;
  /** Top notifications (banners) may show. */
  topNotifications: boolean;
  /** The footer sticks to the bottom of short pages (not on landing pages). */
  stickyFooter: boolean;
  /** The page brings its own header and side menu (education). */
  ownChrome: boolean;
}

/** Which controls show where (spec 000 section 2.4), from the page kind and the path without its language prefix. */
export function layoutRules(kind: PageKind, path: string): LayoutRules {
  const landing = kind === 'landing' || LANDING_PATHS.includes(path);
  const headerControls = !landing && !['auth', 'checkout', 'products', 'setup'].includes(kind);
  const onDash = path === '/dash' || path.startsWith('/dash/');
  return {
    headerControls,
    dateSelector: headerControls && kind === 'matrix' && !onDash,
    bottomNav: !landing && !['auth', 'checkout', 'legal', 'setup', 'education'].includes(kind),
    mobileDateBar: kind === 'matrix',
    topNotifications: kind === 'matrix' || path === '/dashboard' || path === '/about',
    stickyFooter: !landing,
    ownChrome: kind === 'education',
  };
}
