// /login: sign in, or create an account (Name, E-Mail, Passwort), then go back where the user came from
// (?next=, see safeReturnPath). A visitor the app sent here reads why first (?reason=). Every failure is one
// German sentence in an alert; the form keeps its input.

import { useId, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../core/contract/authRules';
import { loginReasonOf, safeReturnPath, signIn, signUp, useSession, type AuthResult } from '../../api/auth';
import { t } from '../../i18n/de';
import './login.css';

type Mode = 'signIn' | 'signUp';

/** The checks worth making before a round trip; the server checks everything again. */
function localProblem(mode: Mode, fields: { name: string; email: string; password: string }): string | null {
  if (mode === 'signUp' && fields.name.trim() === '') return t('auth.errors.nameMissing');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) return t('auth.errors.invalidEmail');
  if (mode === 'signUp' && fields.password.length < PASSWORD_MIN_LENGTH) {
    return t('auth.errors.passwordTooShort', { n: PASSWORD_MIN_LENGTH });
  }
  if (fields.password === '') return t('auth.errors.invalidInput');
  return null;
}

export function LoginScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('next'));
  const reason = loginReasonOf(params.get('reason'));
  const [mode, setMode] = useState<Mode>('signIn');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (session.checking && !busy) {
    return (
      <p className="login__checking" role="status">
        {t('auth.checking')}
      </p>
    );
  }
  // Signed in (already, or just now: the session updates right after a successful call).
  if (session.userId !== null) return <Navigate to={returnTo} replace />;

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = localProblem(mode, { name, email, password });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const result: AuthResult =
      mode === 'signIn' ? await signIn({ email, password }) : await signUp({ name, email, password });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      // A second try starts from an empty password; the e-mail and name stay.
      if (result.failure === 'wrongPassword') setPassword('');
    }
  };

  return (
    <div className="page">
      <section
        className="card login"
        aria-labelledby={`${id}-title`}
        aria-describedby={reason ? `${id}-reason` : undefined}
      >
        <h1 id={`${id}-title`}>{t(mode === 'signIn' ? 'auth.title' : 'auth.signUpTitle')}</h1>
        {reason && (
          <p id={`${id}-reason`} className="login__reason">
            {t(`auth.reasons.${reason}`)}
          </p>
        )}
        <p className="login__intro">{t('auth.intro')}</p>
        <div className="login__tabs" role="tablist" aria-label={t('auth.modeLabel')}>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'signIn'}
            aria-controls={`${id}-form`}
            onClick={() => switchTo('signIn')}
          >
            {t('auth.signInTab')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'signUp'}
            aria-controls={`${id}-form`}
            onClick={() => switchTo('signUp')}
          >
            {t('auth.signUpTab')}
          </button>
        </div>
        <form id={`${id}-form`} role="tabpanel" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          {mode === 'signUp' && (
            <div className="login__field">
              <label htmlFor={`${id}-name`}>{t('auth.name')}</label>
              <input
                id={`${id}-name`}
                name="name"
                autoComplete="name"
                value={name}
                maxLength={NAME_MAX_LENGTH}
                onChange={(e) => setName(e.target.value)}
                disabled={busy}
              />
            </div>
          )}
          <div className="login__field">
            <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={busy}
            />
          </div>
          <div className="login__field">
            <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              value={password}
              maxLength={PASSWORD_MAX_LENGTH}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={mode === 'signUp' ? `${id}-password-hint` : undefined}
              disabled={busy}
            />
            {mode === 'signUp' && (
              <span id={`${id}-password-hint`} className="field-hint">
                {t('auth.passwordHint', { n: PASSWORD_MIN_LENGTH })}
              </span>
            )}
          </div>
          {error && (
            <div className="alert" role="alert">
              {error}
            </div>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('auth.submitting') : t(mode === 'signIn' ? 'auth.submitSignIn' : 'auth.submitSignUp')}
          </button>
        </form>
      </section>
    </div>
  );
}
