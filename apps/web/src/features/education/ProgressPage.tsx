import { usePageTitle } from '../../app/usePageTitle.ts';

export default function ProgressPage() {
  usePageTitle('Progress');
  return <p className="lead">Progress Page (Coming Soon)</p>;
}
