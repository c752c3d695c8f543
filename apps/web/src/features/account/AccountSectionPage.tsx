import PlaceholderPage from '../../app/PlaceholderPage.tsx';
import { AccountLayout } from './AccountLayout.tsx';

/** An account section whose content is still being prepared, inside the account layout. */
export default function AccountSectionPage() {
  return (
    <AccountLayout>
      <PlaceholderPage />
    </AccountLayout>
  );
}
