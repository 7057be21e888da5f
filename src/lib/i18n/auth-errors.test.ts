import { describe, expect, it } from 'vitest';
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import { authErrorMessage } from './auth-errors.ts';
import { createTranslate } from './translate.ts';

const t = createTranslate('en', en);

describe('authErrorMessage', () => {
  it('maps each identity-provider code to its message', () => {
    expect(authErrorMessage('auth/user-not-found', t)).toBe('No account was found.');
    expect(authErrorMessage('auth/wrong-password', t)).toBe('The password is not correct.');
    expect(authErrorMessage('auth/email-already-in-use', t)).toBe('This email is already used by another account.');
    expect(authErrorMessage('auth/user-disabled', t)).toBe('Your Account have been Deactivetd by Admin');
    expect(authErrorMessage('auth/invalid-credential', t)).toBe('Incorrect details. Check your email and password.');
    expect(authErrorMessage('auth/popup-closed-by-user', t)).toBe('The sign-in window was closed before finishing.');
    expect(authErrorMessage('auth/network-request-failed', t)).toBe(
      'The network is unavailable. Check your connection.',
    );
  });

  it('shows an unknown code after a generic message', () => {
    expect(authErrorMessage('auth/some-new-thing', t)).toBe('An error occurred. (auth/some-new-thing)');
  });
});
