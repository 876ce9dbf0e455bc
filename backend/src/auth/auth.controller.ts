import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { CustomerAuthService } from './customer-auth.service';
import { AuthConfigResponse } from './dto/auth-config.response';
import { DevIdTokenDto } from './dto/dev-id-token.dto';
import { DevIdTokenResponse, JsonWebKeySetResponse } from './dto/dev-id-token.response';
import { GoogleOAuthGuard, GoogleOutcome, type OAuthOutcome } from './google-oauth.strategy';
import { SessionService } from '../session/session.service';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly customerAuth: CustomerAuthService,
    private readonly sessions: SessionService,
  ) {}

  @Get('config')
  @ApiOperation({
    summary: 'How customers sign in: the Google client id, or the development identity provider',
  })
  @ApiOkResponse({ type: AuthConfigResponse })
  getAuthConfig(): AuthConfigResponse {
    return { success: true, ...this.customerAuth.authConfig() };
  }

  @Post('dev/id-token')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Development only: an ID token for any e-mail, for POST /api/user/google-login (404 when Google is configured)',
  })
  @ApiOkResponse({ type: DevIdTokenResponse })
  @ApiInvalid()
  @ApiNotFound('The development identity provider is off')
  async createDevIdToken(@Body() body: DevIdTokenDto): Promise<DevIdTokenResponse> {
    return { success: true, tokenId: await this.customerAuth.devIdToken(body) };
  }

  @Get('dev/jwks.json')
  @ApiOperation({ summary: "Development only: the identity provider's public signing keys (JWKS)" })
  @ApiOkResponse({ type: JsonWebKeySetResponse })
  @ApiNotFound('The development identity provider is off')
  async getDevJwks(): Promise<JsonWebKeySetResponse> {
    return (await this.customerAuth.devPublicKeys()) as JsonWebKeySetResponse;
  }

  @Get('google')
  @ApiExcludeEndpoint()
  @ApiOperation({ summary: "Starts Google sign-in: redirects to Google's consent screen" })
  @ApiFoundResponse({ description: 'Redirect to Google' })
  @ApiNotFound('Google sign-in is not configured')
  @UseGuards(GoogleOAuthGuard)
  googleRedirect(@GoogleOutcome() outcome: OAuthOutcome, @Res() reply: FastifyReply): void {
    if (outcome.kind !== 'redirected') void reply.redirect('/?login=failed', 302);
  }

  @Get('google/callback')
  @ApiExcludeEndpoint()
  @ApiOperation({
    summary: 'Where Google sends the user back: signs an existing customer in and redirects to /',
  })
  @ApiFoundResponse({
    description:
      'Redirect to /; to /?login=signup when the e-mail has no account yet (sign-up needs the form), ' +
      'to /?login=failed when sign-in did not complete',
  })
  @ApiNotFound('Google sign-in is not configured')
  @UseGuards(GoogleOAuthGuard)
  async googleCallback(@GoogleOutcome() outcome: OAuthOutcome, @Res() reply: FastifyReply): Promise<void> {
    if (outcome.kind === 'redirected') return;
    const result =
      outcome.kind === 'signedIn'
        ? await this.customerAuth.signInWithGoogleProfile(outcome.identity)
        : ({ kind: 'refused' } as const);
    if (result.kind === 'signedIn') {
      await this.sessions.startCustomerSession(reply, result.userId);
      void reply.redirect('/', 302);
      return;
    }
    void reply.redirect(result.kind === 'notRegistered' ? '/?login=signup' : '/?login=failed', 302);
  }
}
