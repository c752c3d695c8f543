import PlaceholderPage from '../../app/PlaceholderPage.tsx';
import { AccountLayout } from '../account/AccountLayout.tsx';

export default function RemindersPage() {
  return (
    <AccountLayout>
      <PlaceholderPage />
    </AccountLayout>
  );
}
