import { useRef, useState } from 'react';
import { authErrorMessage } from '../../lib/i18n/auth-errors.ts';
import { IslandI18nProvider, useTranslation, type IslandI18n } from '../i18n.tsx';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

interface Props {
  i18n: IslandI18n;
  config: FirebaseWebConfig;
  next: string;
}

/**
 * Google sign-in through the Firebase SDK, loaded only when the button is pressed. The ID token it returns is
 * posted to /login/google, where the server verifies it; the SDK never decides who is signed in.
 */
function GoogleButton({ config, next }: Omit<Props, 'i18n'>) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const tokenField = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const [{ initializeApp, getApps }, { getAuth, GoogleAuthProvider, signInWithPopup }] = await Promise.all([
        import('firebase/app'),
        import('firebase/auth'),
      ]);
      const app = getApps()[0] ?? initializeApp(config);
      const result = await signInWithPopup(getAuth(app), new GoogleAuthProvider());
      tokenField.current!.value = await result.user.getIdToken();
      form.current!.submit();
    } catch (caught) {
      const code =
        typeof caught === 'object' && caught && 'code' in caught
          ? String((caught as { code: unknown }).code)
          : 'auth/unknown';
      setError(authErrorMessage(code, t));
      setBusy(false);
    }
  }

  return (
    <form ref={form} method="post" action={`/login/google?next=${encodeURIComponent(next)}`}>
      <input ref={tokenField} type="hidden" name="id_token" />
      <button type="button" className="button button--secondary" onClick={() => void signIn()} disabled={busy}>
        {t('auth.google')}
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export default function GoogleSignIn({ i18n, ...props }: Props) {
  return (
    <IslandI18nProvider i18n={i18n}>
      <GoogleButton {...props} />
    </IslandI18nProvider>
  );
}
