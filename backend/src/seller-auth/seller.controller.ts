import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { ApiInvalid } from '../common/openapi-docs';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../common/errors';
import { isFromAnotherSite } from '../http/origin-check';
import { ErrorResponse, SuccessResponse } from '../common/responses';
import { RateLimited } from '../common/throttling';
import {
  BeforePasswordChange,
  BeforeTwoFactor,
  SellerAuth,
  VisitorAnswered,
} from '../session/session.decorators';
import type { RequestWithStaff } from '../session/session.guards';
import { STAFF_ROLES } from '@larder/shared-domain';
import { SellerLoginDto } from './dto/seller-login.dto';
import { TwoFactorCodeDto } from './dto/two-factor-code.dto';
import { SellerIsAuthResponse, SellerLoginResponse } from './dto/seller-login.response';
import { SellerAuthService } from './seller-auth.service';
import { SessionService } from '../session/session.service';
import { twoFactorAccount, TwoFactorService } from './two-factor.service';

@ApiTags('seller')
@Controller('api/seller')
export class SellerController {
  constructor(
    private readonly sellerAuth: SellerAuthService,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * A visitor who sent no seller session is not refused: `{ success: false }` with 200, so opening /seller logs
   * no failed request. A session that is sent and no longer valid (signed out, expired, tampered with, the member
   * deactivated) is refused with 401.
   */
  @Get('is-auth')
  @SellerAuth(...STAFF_ROLES)
  @VisitorAnswered()
  @BeforePasswordChange()
  @BeforeTwoFactor()
  @ApiOperation({
    summary:
      'Whether the request carries a seller session, and who is signed in (with which role); success false for a visitor',
    description:
      'A visitor who sent no seller session cookie gets 200 { success: false }; a session cookie that is sent ' +
      'and not valid gets 401.',
  })
  @ApiOkResponse({ type: SellerIsAuthResponse })
  sellerIsAuth(@Req() request: RequestWithStaff): SellerIsAuthResponse {
    const member = request.staffMember;
    if (!member) return { success: false };
    return {
      success: true,
      staff: {
        _id: member.id,
        name: member.name,
        email: member.email,
        role: member.role,
        mustChangePassword: member.mustChangePassword,
        mustEnrolTwoFactor: member.needsTwoFactor,
      },
    };
  }

  @Post('login')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({
    summary:
      'Seller sign-in with e-mail and password: sets the seller cookie, or asks for the authenticator code when two-factor sign-in is on (rate limited)',
  })
  @ApiOkResponse({ type: SellerLoginResponse })
  @ApiInvalid()
  @ApiUnauthorizedResponse({ description: 'Invalid email or password', type: ErrorResponse })
  @ApiTooManyRequestsResponse({
    description: 'Rate limited, or the account is locked after repeated failed sign-ins',
    type: ErrorResponse,
  })
  async sellerLogin(
    @Body() body: SellerLoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SellerLoginResponse> {
    const member = await this.sellerAuth.verifyCredentials(body.email, body.password, request.ip);
    if (await this.twoFactor.isEnabled(twoFactorAccount(member))) {
      await this.sessions.awaitSellerCode(reply, member.id);
      return { success: true, message: MESSAGES.twoFactorCodeNeeded, twoFactorRequired: true };
    }
    await this.sellerAuth.succeed(request.ip, member);
    await this.sellerAuth.signedIn(member, false);
    await this.sessions.startSellerSession(reply, member);
    return {
      success: true,
      message: MESSAGES.sellerLoggedIn,
      twoFactorRequired: false,
      ...(member.mustChangePassword ? { mustChangePassword: true } : {}),
    };
  }

  @Post('login/code')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({
    summary:
      "The second step of the seller's sign-in: the authenticator code or a recovery code, after the password (sets the seller cookie)",
  })
  @ApiOkResponse({ type: SellerLoginResponse })
  @ApiInvalid()
  @ApiUnauthorizedResponse({
    description: 'The code is not right, or the password step has expired',
    type: ErrorResponse,
  })
  @ApiTooManyRequestsResponse({
    description:
      'Rate limited, this address or the account locked out after repeated failed sign-ins, or too many wrong codes for this sign-in (enter the password again)',
    type: ErrorResponse,
  })
  async sellerLoginCode(
    @Body() body: TwoFactorCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SellerLoginResponse> {
    await this.sellerAuth.refuseWhileLocked(request.ip);
    const pending = await this.sessions.pendingSellerSignIn(request);
    const member = pending && (await this.sellerAuth.activeMember(pending.staffId));
    if (!pending || !member)
      throw new UnauthorizedError(MESSAGES.twoFactorSignInExpired, {
        code: ERROR_CODES.TWO_FACTOR_SIGN_IN_EXPIRED,
      });
    const { signInId } = pending;
    await this.sellerAuth.refuseCodeWhileLocked(request.ip, signInId, member.id);
    if (!(await this.twoFactor.acceptCode(twoFactorAccount(member), body.code))) {
      await this.sellerAuth.signInFailed(member, 'Sign-in failed: wrong authenticator code');
      try {
        await this.sellerAuth.failCode(request.ip, signInId, member.id);
      } catch (error) {
        // A half-way sign-in that spent its codes is over: the password is asked again.
        if (error instanceof TooManyRequestsError) this.sessions.clearSellerCode(reply);
        throw error;
      }
    }
    await this.sellerAuth.succeedCode(request.ip, signInId, member);
    this.sessions.clearSellerCode(reply);
    await this.sellerAuth.signedIn(member, true);
    await this.sessions.startSellerSession(reply, member);
    return {
      success: true,
      message: MESSAGES.sellerLoggedIn,
      twoFactorRequired: false,
      ...(member.mustChangePassword ? { mustChangePassword: true } : {}),
    };
  }

  @Get('logout')
  @ApiOperation({ summary: 'Signs the seller out: ends the session on the server and clears the cookie' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiForbiddenResponse({
    description: 'Sent from another site (Sec-Fetch-Site: cross-site or same-site): the session stays',
    type: ErrorResponse,
  })
  async sellerLogout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    // Kept for the spec, but never for a link on another site: the session stays.
    if (request.method === 'GET' && isFromAnotherSite(request))
      throw new ForbiddenError(MESSAGES.forbiddenOrigin, { code: ERROR_CODES.ORIGIN_NOT_ALLOWED });
    await this.sessions.endSellerSession(request, reply);
    return { success: true, message: MESSAGES.loggedOut };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs the seller out (as GET /api/seller/logout)' })
  @ApiOkResponse({ type: SuccessResponse })
  sellerLogoutByPost(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
    return this.sellerLogout(request, reply);
  }
}
