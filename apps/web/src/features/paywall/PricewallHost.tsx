import { lazy, Suspense } from 'react';
import { usePricewall } from './pricewall.ts';

const Pricewall = lazy(() => import('./Pricewall.tsx'));

/** Mounted once by the layout: shows the pricewall while one is open, loading its code the first time. */
export function PricewallHost() {
  const request = usePricewall();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <Pricewall key={request.reason} request={request} />
    </Suspense>
  );
}
