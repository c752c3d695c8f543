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

/** The product's own image, shared when the server is too busy to draw the page's image. */
const STATIC_IMAGE = '/icons/icon-512.png';

/**
 * The image to share: the page's, asked again once after the wait the server names when it is busy drawing (503 with
 * Retry-After, at most 5 s), else the static image.
 */
async function imageResponse(image: string): Promise<Response> {
  const first = await fetch(image);
  if (first.status !== 503) return first;
  const wait = Math.min(5, Number(first.headers.get('retry-after')) || 2);
  await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  const second = await fetch(image);
  return second.status === 503 ? fetch(STATIC_IMAGE) : second;
}

async function shareOrDownload({ image, fileName, title, url }: ShareButtonProps): Promise<State> {
  const response = await imageResponse(image);
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
