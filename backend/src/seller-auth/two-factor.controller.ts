import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ERROR_CODES, MESSAGES, STAFF_ROLES } from '@larder/shared-domain';
import { ApiConflict, ApiInvalid } from '../common/openapi-docs';
import { ErrorResponse, SuccessResponse } from '../common/responses';
import { InvalidError } from '../common/errors';
import { RateLimited } from '../common/throttling';
import { BeforeTwoFactor, CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import type { RequestWithStaff } from '../session/session.guards';
import { ActivityLog } from '../activity/activity-log';
import type { DbTransaction } from '../db/database.module';
import { TwoFactorCodeDto } from './dto/two-factor-code.dto';
import {
  TwoFactorEnrolmentResponse,
  TwoFactorRecoveryCodesResponse,
  TwoFactorStatusResponse,
} from './dto/two-factor.response';
import { twoFactorAccount, TwoFactorService } from './two-factor.service';
import { SellerAuthService } from './seller-auth.service';

/** The activity entry of a change of one's two-factor sign-in, written in its transaction. */
const logged =
  (staff: StaffIdentity, action: string, summary: string) =>
  (tx: DbTransaction): Promise<void> =>
    ActivityLog.record(tx, staff, { action, kind: 'two-factor', id: staff.id, summary });

@ApiTags('seller')
@Controller('api/seller/two-factor')
// Every member may turn on (and off) two-factor sign-in for their own account.
@SellerAuth(...STAFF_ROLES)
@BeforeTwoFactor()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly sellerAuth: SellerAuthService,
  ) {}

  @Get()
  @ApiOperation({ summary: "Whether the signed-in member's sign-in asks for an authenticator code" })
  @ApiOkResponse({ type: TwoFactorStatusResponse })
  async getTwoFactorStatus(@CurrentStaff() staff: StaffIdentity): Promise<TwoFactorStatusResponse> {
    return { success: true, ...(await this.twoFactor.status(twoFactorAccount(staff))) };
  }

  @Post('setup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Starts enrolling an authenticator app: a new secret and its QR code (on after the first code)',
  })
  @ApiOkResponse({ type: TwoFactorEnrolmentResponse })
  @ApiConflict('Two-factor sign-in is already on')
  async startTwoFactorSetup(@Req() request: RequestWithStaff): Promise<TwoFactorEnrolmentResponse> {
    const member = request.staffMember;
    if (!member) throw new Error('two-factor setup without a member');
    return {
      success: true,
      ...(await this.twoFactor.startEnrolment(twoFactorAccount(member), member.email)),
    };
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
  async confirmTwoFactorSetup(
    @Body() body: TwoFactorCodeDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<TwoFactorRecoveryCodesResponse> {
    const recoveryCodes = await this.twoFactor.confirmEnrolment(
      twoFactorAccount(staff),
      body.code,
      logged(staff, 'two-factor.enabled', 'Two-factor sign-in turned on'),
    );
    return { success: true, message: MESSAGES.twoFactorEnabled, recoveryCodes };
  }

  @Post('disable')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Turns two-factor sign-in off, given a current code or a recovery code' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiInvalid('The code is not right')
  @ApiConflict('Two-factor sign-in is not on')
  @ApiTooManyRequestsResponse({
    description: 'Too many wrong codes: this address or the account is locked, as at sign-in',
    type: ErrorResponse,
  })
  async disableTwoFactor(
    @Body() body: TwoFactorCodeDto,
    @CurrentStaff() staff: StaffIdentity,
    @Req() request: RequestWithStaff,
  ): Promise<SuccessResponse> {
    // Wrong codes here are counted and locked as at sign-in: a stolen session cannot guess its way to turning
    // two-factor sign-in off.
    await this.sellerAuth.refuseDisableCodeWhileLocked(request.ip, staff.id);
    try {
      await this.twoFactor.disable(
        twoFactorAccount(staff),
        body.code,
        logged(staff, 'two-factor.disabled', 'Two-factor sign-in turned off'),
      );
    } catch (error) {
      if (error instanceof InvalidError && error.code === ERROR_CODES.TWO_FACTOR_CODE_WRONG)
        await this.sellerAuth.failDisableCode(request.ip, staff.id);
      throw error;
    }
    return { success: true, message: MESSAGES.twoFactorDisabled };
  }
}
