import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import { ApiConflict, ApiInvalid } from '../common/openapi-docs';
import { SuccessResponse } from '../common/responses';
import { RateLimited } from '../common/throttling';
import { SellerAuth } from '../session/session.decorators';
import { TwoFactorCodeDto } from './dto/two-factor-code.dto';
import {
  TwoFactorEnrolmentResponse,
  TwoFactorRecoveryCodesResponse,
  TwoFactorStatusResponse,
} from './dto/two-factor.response';
import { TwoFactorService } from './two-factor.service';

@ApiTags('seller')
@Controller('api/seller/two-factor')
@SellerAuth()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  @ApiOperation({ summary: "Whether the seller's sign-in asks for an authenticator code" })
  @ApiOkResponse({ type: TwoFactorStatusResponse })
  async getTwoFactorStatus(): Promise<TwoFactorStatusResponse> {
    return { success: true, ...(await this.twoFactor.status()) };
  }

  @Post('setup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Starts enrolling an authenticator app: a new secret and its QR code (on after the first code)',
  })
  @ApiOkResponse({ type: TwoFactorEnrolmentResponse })
  @ApiConflict('Two-factor sign-in is already on')
  async startTwoFactorSetup(): Promise<TwoFactorEnrolmentResponse> {
    return { success: true, ...(await this.twoFactor.startEnrolment()) };
  }

  @Post('confirm')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({
    summary: "Turns two-factor sign-in on with the app's first code; answers the recovery codes",
  })
  @ApiOkResponse({ type: TwoFactorRecoveryCodesResponse })
  @ApiInvalid('The code is not right')
  @ApiConflict('No enrolment started, or already on')
  async confirmTwoFactorSetup(@Body() body: TwoFactorCodeDto): Promise<TwoFactorRecoveryCodesResponse> {
    const recoveryCodes = await this.twoFactor.confirmEnrolment(body.code);
    return { success: true, message: MESSAGES.twoFactorEnabled, recoveryCodes };
  }

  @Post('disable')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Turns two-factor sign-in off, given a current code or a recovery code' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiInvalid('The code is not right')
  @ApiConflict('Two-factor sign-in is not on')
  async disableTwoFactor(@Body() body: TwoFactorCodeDto): Promise<SuccessResponse> {
    await this.twoFactor.disable(body.code);
    return { success: true, message: MESSAGES.twoFactorDisabled };
  }
}
