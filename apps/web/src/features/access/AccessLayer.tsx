import { DateAccess } from './DateAccess.tsx';
import { useGuestPrompt } from './guestViews.ts';
import { SignInPrompt } from './SignInPrompt.tsx';
import { useAccess } from './useAccess.ts';
import './access.css';

/** Mounted once by the layout: the date rules, and a guest's sign-in prompt where it may show. */
export function AccessLayer({ promptAllowed }: { promptAllowed: boolean }) {
  const access = useAccess();
  const wanted = useGuestPrompt();
  return (
    <>
      <DateAccess />
      {promptAllowed && wanted && !access.signedIn && <SignInPrompt />}
    </>
  );
}
