import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';

/** Spec 000 section 9: a prompt appears after 100 ms and fades out in 300 ms; a left swipe of 50 px closes it. */
export const PROMPT_APPEAR_MS = 100;
export const PROMPT_FADE_MS = 300;
const SWIPE_PX = 50;

interface FadingPromptProps {
  className: string;
  title: string;
  closeLabel: string;
  /** Called once the closing fade has ended. */
  onClosed(): void;
  testId: string;
  children: ReactNode;
}

/**
 * A modal prompt over a dimmed page: fades in after 100 ms; Escape, a click on the backdrop, the close button or a
 * left swipe of more than 50 px fade it out in 300 ms.
 */
export function FadingPrompt({ className, title, closeLabel, onClosed, testId, children }: FadingPromptProps) {
  const [visible, setVisible] = useState(false);
  const closing = useRef(false);
  const swipeStart = useRef<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setVisible(true);
      closeButton.current?.focus();
    }, PROMPT_APPEAR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    setVisible(false);
    window.setTimeout(() => closed.current(), PROMPT_FADE_MS);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on a click; Escape and the button do too
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div
      className={`prompt-backdrop${visible ? ' is-visible' : ''}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      data-testid={`${testId}-backdrop`}
    >
      <section
        className={`prompt ${className}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onTouchStart={(event) => {
          swipeStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const end = event.changedTouches[0]?.clientX;
          if (swipeStart.current !== null && end !== undefined && swipeStart.current - end > SWIPE_PX) close();
          swipeStart.current = null;
        }}
        data-testid={testId}
      >
        <button
          ref={closeButton}
          type="button"
          className="btn btn-icon prompt-close"
          onClick={close}
          aria-label={closeLabel}
        >
          <Icon name="close" size={20} />
        </button>
        <h2 className="h5">{title}</h2>
        {children}
      </section>
    </div>
  );
}
