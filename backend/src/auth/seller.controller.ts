import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { ApiInvalid } from '../common/openapi-docs';
import { ErrorResponse, SuccessResponse } from '../common/responses';
import { RateLimited } from '../common/throttling';
import { SellerAuth } from './auth.decorators';
import { SellerLoginDto } from './dto/seller-login.dto';
import { SellerLoginResponse } from './dto/seller-login.response';
import { SellerAuthService } from './seller-auth.service';
import { SessionService } from './session.service';

@ApiTags('seller')
@Controller('api/seller')
export class SellerController {
  constructor(
    private readonly sellerAuth: SellerAuthService,
    private readonly sessions: SessionService,
  ) {}

  @Get('is-auth')
  @SellerAuth()
  @ApiOperation({ summary: 'Whether the request carries a seller session' })
  @ApiOkResponse({ type: SuccessResponse })
  sellerIsAuth(): SuccessResponse {
    return { success: true };
  }

  @Post('login')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Seller sign-in with e-mail and password (sets the seller cookie; rate limited)' })
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
    await this.sellerAuth.verifyCredentials(body.email, body.password, request.ip);
    await this.sessions.startSellerSession(reply);
    return { success: true, message: MESSAGES.sellerLoggedIn };
  }

  @Get('logout')
  @ApiOperation({ summary: 'Signs the seller out: ends the session on the server and clears the cookie' })
  @ApiOkResponse({ type: SuccessResponse })
  async sellerLogout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponse> {
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
