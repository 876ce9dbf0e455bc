import crypto from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWTPayload, SignJWT } from 'jose';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DEV_ID_TOKEN_SECONDS, DEV_IDP_AUDIENCE, DEV_IDP_ISSUER } from './auth.constants';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

interface KeyMaterial {
  kid: string;
  privateKey: SigningKey;
  jwks: JSONWebKeySet;
}

export interface DevIdentity {
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface SignOptions {
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative values make an already expired token. */
  expiresInSeconds?: number;
}

/**
 * The development identity provider: an RS256 key pair made when first needed, whose public half is published
 * as a JWKS, and ID tokens shaped like Google's. Tokens only live minutes, so a fresh key per process is enough.
 */
@Injectable()
export class DevIdentityProvider {
  private keys?: Promise<KeyMaterial>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.devSignIn;
  }

  /** The public signing keys, as served at /api/auth/dev/jwks.json. */
  async publicKeys(): Promise<JSONWebKeySet> {
    return (await this.keyMaterial()).jwks;
  }

  /** An ID token for a verified e-mail address, as Google would issue it after sign-in. */
  issueIdToken(identity: DevIdentity): Promise<string> {
    const email = identity.email.trim().toLowerCase();
    const firstName = identity.firstName?.trim();
    const lastName = identity.lastName?.trim();
    return this.sign({
      sub: `dev-${crypto.createHash('sha256').update(email).digest('hex').slice(0, 24)}`,
      email,
      email_verified: true,
      ...(firstName ? { given_name: firstName } : {}),
      ...(lastName ? { family_name: lastName } : {}),
      ...(firstName || lastName ? { name: [firstName, lastName].filter(Boolean).join(' ') } : {}),
    });
  }

  /** Signs arbitrary claims with the provider's key (the issuer, audience and expiry default to the real ones). */
  async sign(claims: JWTPayload, options: SignOptions = {}): Promise<string> {
    const { kid, privateKey } = await this.keyMaterial();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? DEV_IDP_ISSUER)
      .setAudience(options.audience ?? DEV_IDP_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresInSeconds ?? DEV_ID_TOKEN_SECONDS))
      .sign(privateKey);
  }

  private keyMaterial(): Promise<KeyMaterial> {
    this.keys ??= (async () => {
      const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = await exportJWK(publicKey);
      const kid = crypto.createHash('sha256').update(JSON.stringify(jwk)).digest('base64url').slice(0, 16);
      return { kid, privateKey, jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } };
    })();
    return this.keys;
  }
}
