import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { ForbiddenError, UnauthorizedError } from '../common/errors';
import { isFromAnotherSite } from '../http/origin-check';
import { ApiInvalid, CUSTOMER_AUTH } from '../common/openapi-docs';
import { ErrorResponse, SuccessResponse } from '../common/responses';
import { RateLimited } from '../common/throttling';
import { UsersService } from '../users/users.service';
import { carriesSession } from '../session/session-cookies';
import { CustomerAuthService } from './customer-auth.service';
import { CheckEmailDto } from './dto/check-email.dto';
import { CheckEmailResponse } from './dto/check-email.response';
import { GoogleLoginDto } from './dto/google-login.dto';
import { GoogleLoginResponse } from './dto/google-login.response';
import { SessionCheckResponse } from './dto/session-check.response';
import { SessionService } from '../session/session.service';

@ApiTags('user')
@Controller('api/user')
export class CustomerSessionController {
  constructor(
    private readonly customerAuth: CustomerAuthService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * A visitor who sent no session cookie is not refused: being signed out is the usual answer for most visits,
   * so it is `{ success: false }` with 200 and the browser logs no failed request. A session that is sent and
   * no longer valid (signed out elsewhere, expired, tampered with) is refused with 401.
   */
  @Get('is-auth')
  @ApiCookieAuth(CUSTOMER_AUTH)
  @ApiOperation({ summary: 'The signed-in customer, with cart and addresses; success false for a visitor' })
  @ApiOkResponse({ type: SessionCheckResponse })
  @ApiUnauthorizedResponse({ description: 'The session sent is not valid', type: ErrorResponse })
  async userIsAuth(@Req() request: FastifyRequest): Promise<SessionCheckResponse> {
    if (!carriesSession(request)) return { success: false };
    const userId = await this.sessions.customerOf(request);
    if (!userId) throw new UnauthorizedError(MESSAGES.notAuthorized);
    return { success: true, user: await this.users.getUserView(userId) };
  }

  @Get('logout')
  @ApiOperation({ summary: 'Signs the customer out: ends the session on the server and clears the cookie' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiForbiddenResponse({
    description: 'Sent from another site (Sec-Fetch-Site: cross-site or same-site): the session stays',
    type: ErrorResponse,
  })
  async logoutUser(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    // Kept for the spec, but never for a link on another site: the session stays.
    if (request.method === 'GET' && isFromAnotherSite(request))
      throw new ForbiddenError(MESSAGES.forbiddenOrigin, { code: ERROR_CODES.ORIGIN_NOT_ALLOWED });
    await this.sessions.endCustomerSession(request, reply);
    return { success: true, message: MESSAGES.loggedOut };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs the customer out (as GET /api/user/logout)' })
  @ApiOkResponse({ type: SuccessResponse })
  logoutUserByPost(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    return this.logoutUser(request, reply);
  }

  @Post('check-email')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Whether an account with this e-mail exists (rate limited)' })
  @ApiOkResponse({ type: CheckEmailResponse })
  @ApiInvalid()
  async checkEmail(@Body() body: CheckEmailDto): Promise<CheckEmailResponse> {
    return { success: true, exists: await this.customerAuth.emailExists(body.email) };
  }

  @Post('google-login')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({
    summary:
      'Signs in with a Google ID token; an unknown e-mail is signed up from firstName, lastName (default: the names on the Google account) and phone',
  })
  @ApiOkResponse({ type: GoogleLoginResponse })
  @ApiInvalid('"Please fill all fields" or "Email not registered. Please sign up first."')
  @ApiUnauthorizedResponse({
    description: 'The ID token is not valid: "Google login failed"',
    type: ErrorResponse,
  })
  async googleLogin(
    @Body() body: GoogleLoginDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GoogleLoginResponse> {
    const { userId, user } = await this.customerAuth.googleLogin(body);
    await this.sessions.startCustomerSession(reply, userId);
    return { success: true, message: MESSAGES.loggedInWithGoogle, user };
  }
}
