import { useEffect, useState } from 'react';
import { IslandI18nProvider, useTranslation, type IslandI18n } from '../i18n.tsx';

interface Props {
  i18n: IslandI18n;
  /** Seconds until another code may be asked for. */
  seconds: number;
}

function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  // null until hydrated: the server-rendered button stays usable without JavaScript (the server rate-limits).
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(seconds), [seconds]);
  useEffect(() => {
    if (left === null || left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => (s ?? 1) - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const waiting = left !== null && left > 0;
  return (
    <button
      className="button button--secondary"
      type="submit"
      name="action"
      value="send"
      disabled={waiting}
      aria-live="polite"
    >
      {waiting ? t('auth.resend_in', { count: left }) : t('auth.resend_code')}
    </button>
  );
}

/** The OTP page's resend button, disabled while the resend timer counts down (spec section 4). */
export default function ResendCountdown({ i18n, seconds }: Props) {
  return (
    <IslandI18nProvider i18n={i18n}>
      <Countdown seconds={seconds} />
    </IslandI18nProvider>
  );
}
