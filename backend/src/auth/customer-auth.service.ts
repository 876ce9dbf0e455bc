import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { InvalidError, NotFoundError, UnauthorizedError } from '../common/errors';
import { UsersService, UserView } from '../users/users.service';
import { DevIdentity, DevIdentityProvider } from './dev-identity.provider';
import { IdTokenVerifier, VerifiedIdentity } from './id-token.verifier';

export interface GoogleLoginInput {
  tokenId: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
}

export interface SignedInCustomer {
  userId: string;
  user: UserView;
}

function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Customer sign-in and sign-up with Google identities (ID tokens or the redirect flow). */
@Injectable()
export class CustomerAuthService {
  private readonly logger = new Logger(CustomerAuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly verifier: IdTokenVerifier,
    private readonly devIdentity: DevIdentityProvider,
    private readonly users: UsersService,
  ) {}

  authConfig(): { googleClientId: string | null; devSignIn: boolean; googleRedirect: boolean } {
    return {
      googleClientId: this.config.googleClientId ?? null,
      devSignIn: this.devIdentity.enabled,
      googleRedirect: Boolean(this.config.googleClientId && this.config.googleClientSecret),
    };
  }

  emailExists(email: string): Promise<boolean> {
    return this.users.emailExists(email);
  }

  /** An ID token from the development identity provider; 404 while it is off. */
  async devIdToken(identity: DevIdentity): Promise<string> {
    if (!this.devIdentity.enabled) throw new NotFoundError('Not found');
    return this.devIdentity.issueIdToken(identity);
  }

  async devPublicKeys() {
    if (!this.devIdentity.enabled) throw new NotFoundError('Not found');
    return this.devIdentity.publicKeys();
  }

  /**
   * Signs in the owner of a verified ID token. A known e-mail signs in; an unknown one is signed up from the
   * posted details (names fall back to the token's), which must include a UK phone number. With no sign-up
   * details at all the caller was trying to log in: "Email not registered. Please sign up first."
   */
  async googleLogin(input: GoogleLoginInput): Promise<SignedInCustomer> {
    const identity = await this.verifier.verify(input.tokenId);
    const userId = (await this.existingAccount(identity)) ?? (await this.signUp(identity, input));
    return { userId, user: await this.users.getUserView(userId) };
  }

  /**
   * The redirect flow signs in existing customers only: signing up needs the details of the sign-up form
   * (a phone number among them), which Google does not give. `notRegistered` when the e-mail has no account;
   * `refused` when it belongs to an account linked to another Google account.
   */
  async signInWithGoogleProfile(
    identity: VerifiedIdentity,
  ): Promise<{ kind: 'signedIn'; userId: string } | { kind: 'notRegistered' } | { kind: 'refused' }> {
    try {
      const userId = await this.existingAccount(identity);
      return userId ? { kind: 'signedIn', userId } : { kind: 'notRegistered' };
    } catch (err) {
      if (err instanceof UnauthorizedError) return { kind: 'refused' };
      throw err;
    }
  }

  private async existingAccount(identity: VerifiedIdentity): Promise<string | undefined> {
    const user = await this.users.findByIdentity(identity.subject, identity.email);
    if (!user) return undefined;
    if (user.googleSub && user.googleSub !== identity.subject) {
      this.logger.warn(`Sign-in refused: ${user.id} is linked to another Google account`);
      throw new UnauthorizedError(MESSAGES.googleLoginFailed, { code: ERROR_CODES.GOOGLE_SIGN_IN_FAILED });
    }
    if (!user.googleSub) await this.users.linkGoogleAccount(user.id, identity.subject);
    return user.id;
  }

  private async signUp(identity: VerifiedIdentity, input: GoogleLoginInput): Promise<string> {
    const posted = {
      firstName: filled(input.firstName),
      lastName: filled(input.lastName),
      phone: filled(input.phone),
    };
    if (!posted.firstName && !posted.lastName && !posted.phone)
      throw new InvalidError(MESSAGES.emailNotRegistered, { code: ERROR_CODES.EMAIL_NOT_REGISTERED });
    const firstName = posted.firstName ?? identity.givenName;
    const lastName = posted.lastName ?? identity.familyName;
    if (!firstName || !lastName || !posted.phone) throw new InvalidError(MESSAGES.fillAllFields);
    const created = await this.users.createCustomer({
      email: identity.email,
      firstName,
      lastName,
      phone: posted.phone,
      googleSub: identity.subject,
    });
    return created.id;
  }
}
