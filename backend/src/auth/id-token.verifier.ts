import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UnauthorizedError } from '../common/errors';
import { DEV_IDP_AUDIENCE, DEV_IDP_ISSUER, GOOGLE_ISSUERS, GOOGLE_JWKS_URL } from './auth.constants';
import { DevIdentityProvider } from './dev-identity.provider';

/** Who an ID token says the user is, once its signature and claims have been checked. */
export interface VerifiedIdentity {
  subject: string;
  /** Lower-cased. */
  email: string;
  givenName?: string;
  familyName?: string;
}

interface Trust {
  keys: JWTVerifyGetKey;
  issuers: string[];
  audience: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalName(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : undefined;
}

/**
 * Verifies OpenID Connect ID tokens against a JWKS: Google's (GOOGLE_CLIENT_ID set) or the development identity
 * provider's local key set. One code path for both: signature (RS256), issuer, audience, expiry, a verified e-mail.
 */
@Injectable()
export class IdTokenVerifier {
  private readonly logger = new Logger(IdTokenVerifier.name);
  private remoteKeys?: JWTVerifyGetKey;
  private localKeys?: Promise<JWTVerifyGetKey>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly devIdentity: DevIdentityProvider,
  ) {}

  /** The identity in a valid token; 401 "Google login failed" for anything else. */
  async verify(idToken: string): Promise<VerifiedIdentity> {
    const trust = await this.trust();
    if (!trust) {
      this.logger.warn(
        'ID token refused: neither GOOGLE_CLIENT_ID nor the development identity provider is set up',
      );
      throw new UnauthorizedError(MESSAGES.googleLoginFailed, { code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED });
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, trust.keys, {
        algorithms: ['RS256'],
        issuer: trust.issuers,
        audience: trust.audience,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (err) {
      if (!(err instanceof joseErrors.JOSEError))
        this.logger.warn(`ID token verification failed: ${String(err)}`);
      throw new UnauthorizedError(MESSAGES.googleLoginFailed, { code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED });
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!verified || !EMAIL.test(email) || email.length > 254 || typeof payload.sub !== 'string') {
      throw new UnauthorizedError(MESSAGES.googleLoginFailed, { code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED });
    }
    return {
      subject: payload.sub,
      email,
      givenName: optionalName(payload.given_name),
      familyName: optionalName(payload.family_name),
    };
  }

  private async trust(): Promise<Trust | undefined> {
    const { googleClientId } = this.config;
    if (googleClientId) {
      this.remoteKeys ??= createRemoteJWKSet(new URL(this.config.googleJwksUrl ?? GOOGLE_JWKS_URL));
      return {
        keys: this.remoteKeys,
        issuers: this.config.googleIssuer ? [this.config.googleIssuer] : GOOGLE_ISSUERS,
        audience: googleClientId,
      };
    }
    if (!this.devIdentity.enabled) return undefined;
    this.localKeys ??= this.devIdentity.publicKeys().then((jwks) => createLocalJWKSet(jwks));
    return { keys: await this.localKeys, issuers: [DEV_IDP_ISSUER], audience: DEV_IDP_AUDIENCE };
  }
}
