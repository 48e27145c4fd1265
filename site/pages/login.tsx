import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon, Link, useHydrated, usePage } from '../components/ui/index.ts';
import { checkCredentials } from '../login/check-credentials.ts';
import { isAuthenticated, markAuthenticated } from '../login/session.ts';

/**
 * The client-side login gate: a soft gate, not access control. Wrong pair: the inline
 * error, announced. Right pair: the session flag, then /home. A visitor whose flag is
 * already set goes straight to /home.
 */
export default function LoginPage() {
  const { page, gate } = usePage('login');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (isAuthenticated()) navigate('/home', { replace: true });
  }, [navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setChecking(true);
    setError('');
    const ok = await checkCredentials(gate, String(form.get('username') ?? ''), String(form.get('password') ?? '')).catch(() => false);
    setChecking(false);
    if (ok) {
      markAuthenticated();
      navigate('/home');
    } else {
      setError(page.invalidCredentials);
    }
  };

  return (
    <div className="login">
      <div className="login__card">
        <span className="login__icon" aria-hidden="true">
          <Icon name="lock" />
        </span>
        <h1 id="page-title" tabIndex={-1}>
          {page.heading}
        </h1>
        <p className="login__text">{page.text}</p>
        {/* Shown by noscript.css only: without JavaScript the button cannot check the pair. */}
        <p className="login__noscript">{page.noscriptNote}</p>
        <form className="login__form" method="post" onSubmit={onSubmit} aria-describedby="login-error" noValidate={false}>
          <label className="field">
            <span className="field__label">{page.usernameLabel}</span>
            <input className="field__input" name="username" type="text" autoComplete="username" required aria-invalid={error ? true : undefined} />
          </label>
          <label className="field">
            <span className="field__label">{page.passwordLabel}</span>
            <input className="field__input" name="password" type="password" autoComplete="current-password" required aria-invalid={error ? true : undefined} />
          </label>
          <p id="login-error" className="login__error" role="alert">
            {error}
          </p>
          <button type="submit" className="button button--primary button--block" disabled={!hydrated || checking}>
            {checking ? page.checkingLabel : page.submitLabel}
          </button>
        </form>
        <Link to="/" className="text-link login__back">
          <Icon name="arrow-left" />
          {page.backLabel}
        </Link>
        <p className="login__note">
          <Icon name="shield" />
          {page.restrictedNote}
        </p>
      </div>
    </div>
  );
}
