// Guards what needs an account (SPEC section 6): while the session is being checked it says
// 'Überprüfe Anmeldung...'; a visitor is sent to /login with the way back in ?next=.
//
//   <Route path="/konto" element={<AuthGuard><AccountPage /></AuthGuard>} />

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath, useSession } from '../api/auth';
import { t } from '../i18n/de';

export function AuthGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.checking) {
    return (
      <p className="auth-checking" role="status">
        {t('auth.checking')}
      </p>
    );
  }
  if (session.userId === null) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}
