import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from './Icon.tsx';
import './dialog.css';

/**
 * A modal dialog on the browser's own <dialog>: focus moves into it and stays there, Escape and a click on the
 * backdrop close it, the page behind is inert, and focus goes back to what opened it. Mounted while open.
 */
export function Dialog({
  title,
  closeLabel,
  onClose,
  children,
  className,
  describedBy,
  data,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Id of the element that says what the dialog is about. */
  describedBy?: string;
  /** data-* attributes, by name without the prefix. */
  data?: Record<string, string>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    // Unmounting removes the dialog from the page, which closes it; then focus goes back to what opened it.
    return () => {
      if (!element?.isConnected || !element.open) opener?.focus();
    };
  }, []);

  const attributes = Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, value]));
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own key
    <dialog
      ref={ref}
      className={`app-dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      {...attributes}
    >
      <div className="app-dialog-body">
        <button type="button" className="btn btn-icon app-dialog-close" onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" size={20} />
        </button>
        <h2 id={titleId} className="h4">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
