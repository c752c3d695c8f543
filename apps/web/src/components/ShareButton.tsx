import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ShareButtonProps {
  /** Address of the PNG to share (an /api/share/... image). */
  image: string;
  fileName: string;
  title: string;
  /** The page the image is about, sent along where the platform takes a link too. */
  url?: string;
}

type State = 'idle' | 'busy' | 'shared' | 'downloaded' | 'failed';

async function shareOrDownload({ image, fileName, title, url }: ShareButtonProps): Promise<State> {
  const response = await fetch(image);
  if (!response.ok) return 'failed';
  const blob = await response.blob();
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title, ...(url ? { url } : {}) });
      return 'shared';
    } catch (error) {
      // The reader closed the share sheet: nothing to report.
      if ((error as Error).name === 'AbortError') return 'idle';
    }
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return 'downloaded';
}

function Button(props: ShareButtonProps) {
  const { t } = useTranslation('share');
  const [state, setState] = useState<State>('idle');
  const click = async () => {
    setState('busy');
    try {
      setState(await shareOrDownload(props));
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => void click()}
        disabled={state === 'busy'}
        data-testid="share-button"
        data-image={props.image}
      >
        {t('button')}
      </button>
      {state !== 'idle' && state !== 'busy' && (
        <span className="small text-body-secondary" role="status" data-testid="share-status">
          {t(state)}
        </span>
      )}
    </span>
  );
}

/**
 * Shares an image of the page with the Web Share API where the platform takes files, else downloads it. Drawn only
 * in the browser, after the page is on screen: a page the server rendered stays the same while it hydrates.
 */
export function ShareButton(props: ShareButtonProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
