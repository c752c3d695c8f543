import { useEffect } from 'react';

/** Sets the document title as "<title> · Hunab". */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Hunab` : 'Hunab';
  }, [title]);
}
