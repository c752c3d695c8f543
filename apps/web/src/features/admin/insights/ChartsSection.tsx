import { AnalyticsView } from './AnalyticsSection.tsx';

/** /charts: the analytics charts alone. */
export default function ChartsSection() {
  return <AnalyticsView withTable={false} />;
}
