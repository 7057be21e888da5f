import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../errors.ts';

export interface VerifiedIdentity {
  sub: string;
  email: string;
  name: string | null;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export interface FirebaseVerifierConfig {
  projectId: string;
  /** Google's public keys for Firebase ID tokens, or a local key set in tests. */
  jwksUrl: string;
}

/**
 * Verifies a Firebase (Google sign-in) ID token: RS256 signature against the key set, issuer and audience of
 * our project, expiry, and a verified email. Anything else is refused with one message.
 */
export function createFirebaseVerifier(config: FirebaseVerifierConfig, keys?: JWTVerifyGetKey): IdTokenVerifier {
  const jwks = keys ?? createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          issuer: `https://securetoken.google.com/${config.projectId}`,
          audience: config.projectId,
          algorithms: ['RS256'],
          clockTolerance: 5,
        });
        if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
        if (typeof payload['email'] !== 'string' || payload['email_verified'] !== true)
          throw new Error('email not verified');
        const name = typeof payload['name'] === 'string' ? payload['name'] : null;
        return { sub: payload.sub, email: payload['email'].toLowerCase(), name };
      } catch {
        throw new AppError('invalid_id_token', 401, 'auth.errors.invalid_id_token');
      }
    },
  };
}
