import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_MESSAGES, STAFF_ROLES } from '@larder/shared-domain';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { ApiIdParam, IdParam } from '../common/uuid-param';
import { SuccessResponse } from '../common/responses';
import { RateLimited } from '../common/throttling';
import {
  BeforePasswordChange,
  BeforeTwoFactor,
  CurrentStaff,
  SellerAuth,
  type StaffIdentity,
} from '../session/session.decorators';
import { SessionService } from '../session/session.service';
import type { FastifyRequest } from 'fastify';
import { AddStaffDto, ChangePasswordDto, UpdateStaffDto } from './dto/staff.dto';
import { StaffListResponse, StaffMemberDto, StaffMemberResponse } from './dto/staff.response';
import { StaffService } from './staff.service';
import type { StaffRow } from './staff.repository';

function view(row: StaffRow): StaffMemberDto {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    twoFactor: row.twoFactor,
    twoFactorRequired: row.twoFactorRequired,
    mustChangePassword: row.mustChangePassword,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

@ApiTags('seller')
@Controller('api/seller')
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly sessions: SessionService,
  ) {}

  @Get('staff')
  @SellerAuth('owner')
  @ApiOperation({ summary: 'The staff: the owner first, then the members the owner added (owner only)' })
  @ApiOkResponse({ type: StaffListResponse })
  async listStaff(): Promise<StaffListResponse> {
    return { success: true, staff: (await this.staff.list()).map(view) };
  }

  @Post('staff')
  @SellerAuth('owner')
  @ApiOperation({
    summary:
      'Adds a manager, picker or driver with a first password, replaced at their first sign-in (owner only)',
  })
  @ApiCreatedResponse({ type: StaffMemberResponse })
  @ApiInvalid('A field is missing or not valid, or the password is too short or too easy to guess')
  @ApiConflict('The e-mail address is already used by the owner or another member')
  async addStaff(
    @Body() body: AddStaffDto,
    @CurrentStaff() owner: StaffIdentity,
  ): Promise<StaffMemberResponse> {
    const member = await this.staff.add(owner, body);
    return { success: true, message: STAFF_MESSAGES.staffAdded, staff: view(member) };
  }

  @Put('staff/:id')
  @SellerAuth('owner')
  @ApiIdParam('The member')
  @ApiOperation({
    summary:
      "Changes a member's name, role, whether they may sign in (false ends their sessions at once), or whether a manager must use two-factor sign-in (owner only)",
  })
  @ApiOkResponse({ type: StaffMemberResponse })
  @ApiInvalid("A field is not valid, or a change of the owner's role or access")
  @ApiNotFound('No such member')
  async updateStaff(
    @IdParam(STAFF_MESSAGES.staffNotFound) id: string,
    @Body() body: UpdateStaffDto,
    @CurrentStaff() owner: StaffIdentity,
  ): Promise<StaffMemberResponse> {
    const member = await this.staff.update(owner, id, body);
    return { success: true, message: STAFF_MESSAGES.staffUpdated, staff: view(member) };
  }

  @Delete('staff/:id')
  @SellerAuth('owner')
  @ApiIdParam('The member')
  @ApiOperation({ summary: 'Removes a member: their sessions end at once (owner only)' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiInvalid('The owner cannot be removed')
  @ApiNotFound('No such member')
  async removeStaff(
    @IdParam(STAFF_MESSAGES.staffNotFound) id: string,
    @CurrentStaff() owner: StaffIdentity,
  ): Promise<SuccessResponse> {
    await this.staff.remove(owner, id);
    return { success: true, message: STAFF_MESSAGES.staffRemoved };
  }

  @Post('password')
  @HttpCode(200)
  @RateLimited()
  @SellerAuth(...STAFF_ROLES)
  @BeforePasswordChange()
  @BeforeTwoFactor()
  @ApiOperation({
    summary:
      'The signed-in member replaces their password (a first one must be replaced before anything else); their other sessions end. Not for the owner, whose password is configured',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiInvalid('The current password is not right, or the new one is too short, too easy to guess or the same')
  async changeStaffPassword(
    @Body() body: ChangePasswordDto,
    @CurrentStaff() member: StaffIdentity,
    @Req() request: FastifyRequest,
  ): Promise<SuccessResponse> {
    const sessionId = await this.sessions.sessionIdOf(request, 'seller');
    await this.staff.changePassword(member, sessionId, body.currentPassword, body.newPassword);
    return { success: true, message: STAFF_MESSAGES.passwordChanged };
  }
}
