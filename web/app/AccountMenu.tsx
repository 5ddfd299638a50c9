// The account corner of the top bar: for a signed-in user the balance ('{n} Credits'), the name and
// 'Abmelden'; for a visitor a link to /login that comes back to the current page. Nothing while checking,
// so the bar does not flicker between the two.

import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath, signOut, useSession } from '../api/auth';
import { useAppState } from '../services/context';
import { t, tn } from '../i18n/de';
import { showToast } from '../components/toasts';
import '../screens/login/login.css';

/** The workflow's balance: the server's number, minus what a just-started batch deducted at once. */
function Balance() {
  const credits = useAppState((s) => s.credits);
  return (
    <span className="account__credits" data-testid="credit-balance" title={t('credits.label')}>
      {tn('credits.balanceOne', 'credits.balance', credits)}
    </span>
  );
}

export function AccountMenu() {
  const session = useSession();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);

  if (session.checking) return null;
  if (session.userId === null) {
    if (location.pathname === '/login') return null;
    return <Link to={loginPath(`${location.pathname}${location.search}`)}>{t('auth.signIn')}</Link>;
  }

  const leave = async () => {
    setLeaving(true);
    const result = await signOut();
    setLeaving(false);
    if (result.ok) showToast((toast) => toast(t('auth.signedOut')));
    else showToast((toast) => toast.error(t('auth.errors.signOutFailed'), { description: result.message }));
  };

  return (
    <div className="account">
      <Balance />
      {session.name && (
        <span className="account__name" title={t('auth.signedInAs', { name: session.name })}>
          {session.name}
        </span>
      )}
      <button type="button" className="account__signout" onClick={() => void leave()} disabled={leaving}>
        {t('auth.signOut')}
      </button>
    </div>
  );
}
