import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { ApiInvalid } from '../common/openapi-docs';
import { ErrorResponse, SuccessResponse } from '../common/responses';
import { RateLimited } from '../common/throttling';
import { SellerAuth } from './auth.decorators';
import { SellerLoginDto, SellerLoginResponse } from './dto/seller-login.dto';
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
  async sellerLogin(
    @Body() body: SellerLoginDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SellerLoginResponse> {
    await this.sellerAuth.verifyCredentials(body.email, body.password);
    await this.sessions.startSellerSession(reply);
    return { success: true, message: MESSAGES.sellerLoggedIn };
  }

  @Get('logout')
  @ApiOperation({ summary: 'Signs the seller out (clears the seller cookie)' })
  @ApiOkResponse({ type: SuccessResponse })
  sellerLogout(@Res({ passthrough: true }) reply: FastifyReply): SuccessResponse {
    this.sessions.endSellerSession(reply);
    return { success: true, message: MESSAGES.loggedOut };
  }
}
