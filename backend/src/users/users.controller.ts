import { Body, Controller, Delete, Get, HttpCode, Put, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@larder/shared-domain';
import { CurrentCustomer, CustomerAuth, CustomerIdentity } from '../session/session.decorators';
import { SessionService } from '../session/session.service';
import { ApiConflict, ApiInvalid } from '../common/openapi-docs';
import { CustomerRateLimited } from '../common/throttling';
import { AddAddressDto } from './dto/add-address.dto';
import { AddAddressResponse } from './dto/add-address.response';
import { UpdatePhoneDto } from './dto/update-phone.dto';
import { UpdatePhoneResponse } from './dto/update-phone.response';
import { DeleteAccountResponse, ProfileResponse } from './dto/user.response';
import { UsersService } from './users.service';

@ApiTags('user')
@CustomerAuth()
@Controller('api/user')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  @Get('profile')
  @ApiOperation({ summary: "The signed-in customer's account: names, e-mail, phone, addresses, cart" })
  @ApiOkResponse({ type: ProfileResponse })
  async getProfile(@CurrentCustomer() customer: CustomerIdentity): Promise<ProfileResponse> {
    return { success: true, user: await this.users.getUserView(customer.userId) };
  }

  @Put('update-phone')
  @ApiOperation({ summary: 'Sets the phone number (UK numbers only)' })
  @ApiOkResponse({ type: UpdatePhoneResponse })
  @ApiInvalid('Not a UK phone number')
  async updatePhone(
    @CurrentCustomer() customer: CustomerIdentity,
    @Body() body: UpdatePhoneDto,
  ): Promise<UpdatePhoneResponse> {
    const phone = await this.users.updatePhone(customer.userId, body.phone);
    return { success: true, message: MESSAGES.phoneUpdated, phone };
  }

  @Put('add-address')
  @ApiOperation({
    summary:
      'Adds a delivery address (Bristol, Cardiff, Somerset or Swindon; UK postcode); the first becomes the default',
  })
  @ApiOkResponse({ type: AddAddressResponse })
  @ApiInvalid('A field is missing, or the address is outside the delivery area')
  @ApiConflict('The customer already keeps the most addresses allowed')
  @CustomerRateLimited('address')
  async addAddress(
    @CurrentCustomer() customer: CustomerIdentity,
    @Body() body: AddAddressDto,
  ): Promise<AddAddressResponse> {
    const newAddress = await this.users.addAddress(customer.userId, body.address);
    return { success: true, message: MESSAGES.addressAdded, newAddress };
  }

  @Delete('delete-account')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Deletes the account, its addresses and cart; cancels its pending orders and signs out',
    description:
      'Open card payments of unpaid orders are closed at Stripe; a paid order not yet delivered is cancelled and ' +
      'marked refund due for the seller. Personal data on the kept orders is erased.',
  })
  @ApiOkResponse({ type: DeleteAccountResponse })
  async deleteAccount(
    @CurrentCustomer() customer: CustomerIdentity,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeleteAccountResponse> {
    // Every session of the account ends with it (the sessions rows cascade); this clears the cookie.
    await this.users.deleteAccount(customer.userId);
    await this.sessions.endCustomerSession(request, reply);
    await this.sessions.customerDeleted(customer.userId);
    return { success: true, message: MESSAGES.accountDeleted };
  }
}
