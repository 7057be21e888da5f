/**
 * Sign-in error codes (ours and the identity provider's `auth/...` codes) and the translation key of each.
 * An unknown code shows "An error occurred." with the code (spec section 8).
 */
const AUTH_ERROR_KEYS: Record<string, string> = {
  'auth/user-not-found': 'auth.errors.user_not_found',
  'auth/wrong-password': 'auth.errors.wrong_password',
  'auth/email-already-in-use': 'auth.errors.email_in_use',
  'auth/invalid-email': 'auth.errors.invalid_email',
  'auth/user-disabled': 'auth.errors.user_disabled',
  'auth/too-many-requests': 'auth.errors.too_many_requests',
  'auth/invalid-credential': 'auth.errors.invalid_credentials',
  'auth/invalid-login-credentials': 'auth.errors.invalid_credentials',
  'auth/weak-password': 'auth.errors.weak_password',
  'auth/quota-exceeded': 'auth.errors.quota_exceeded',
  'auth/popup-closed-by-user': 'auth.errors.popup_closed',
  'auth/cancelled-popup-request': 'auth.errors.popup_closed',
  'auth/network-request-failed': 'auth.errors.network_failure',
  invalid_credentials: 'auth.errors.invalid_credentials',
  account_deactivated: 'auth.errors.user_disabled',
  rate_limited: 'auth.errors.too_many_requests',
  invalid_id_token: 'auth.errors.invalid_id_token',
  google_not_configured: 'auth.errors.google_not_configured',
  invalid_code: 'auth.errors.invalid_code',
  too_many_attempts: 'auth.errors.too_many_attempts',
};

export function authErrorMessage(
  code: string,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const key = AUTH_ERROR_KEYS[code];
  return key ? t(key) : t('auth.errors.unknown', { code });
}
