import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { setSimulatedAccess, useSimulatedAccess } from '../lib/access-simulation.ts';
import { useDismiss } from '../lib/use-dismiss.ts';

/** The popover's tools, downloaded the first time an administrator opens it: nothing of it reaches visitors. */
const AdminPopover = lazy(() => import('../features/admin/insights/AdminPopover.tsx'));

/**
 * The admin button of the header (spec 001 section 2): shown to administrators only, it opens the popover of cache
 * tools, access debugging and admin links. While an access is simulated the button turns amber and a strip under the
 * header names the simulation, with a reset.
 */
export function AdminMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const simulated = useSimulatedAccess(true);
  return (
    <div className="header-menu" ref={ref}>
      <button
        type="button"
        className={`btn btn-icon${simulated ? ' text-warning' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('header.admin')}
        title={t('header.admin')}
        onClick={() => setOpen((value) => !value)}
        data-testid="admin-button"
      >
        <Icon name="admin" />
      </button>
      {open && (
        <div className="header-dropdown admin-popover" role="dialog" aria-label={t('header.admin')}>
          <Suspense fallback={<div className="spinner-border spinner-border-sm m-3" role="status" />}>
            <AdminPopover onNavigate={close} />
          </Suspense>
        </div>
      )}
      {simulated &&
        typeof document !== 'undefined' &&
        // Outside the header, whose backdrop filter would hold a fixed element inside it.
        createPortal(
          <div className="access-simulation-strip" role="status" data-testid="access-simulation-strip">
            <span>{t('adminTools.simulating', { kind: t(`adminTools.kinds.${simulated}`) })}</span>
            <button type="button" className="btn btn-sm btn-dark py-0" onClick={() => setSimulatedAccess(null)}>
              {t('adminTools.reset')}
            </button>
          </div>,
          document.body,
        )}
    </div>
  );
}
