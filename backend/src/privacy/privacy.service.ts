import { Injectable } from '@nestjs/common';
import { ContactService } from '../contact/contact.service';
import { NewsletterService } from '../newsletter/newsletter.service';
import { OrderStatusService } from '../orders/order-status.service';
import { UsersService } from '../users/users.service';
import type { DataExportResponse } from './dto/data-export.response';

/** A customer's own data, gathered from every module that holds some of it. */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly users: UsersService,
    private readonly orders: OrderStatusService,
    private readonly contact: ContactService,
    private readonly newsletter: NewsletterService,
  ) {}

  async exportFor(userId: string): Promise<DataExportResponse> {
    const profile = await this.users.getUserView(userId);
    const [orders, contactMessages, newsletterSubscription] = await Promise.all([
      this.orders.listUserOrders(userId),
      this.contact.listFrom(profile.email),
      this.newsletter.subscriptionOf(profile.email),
    ]);
    return {
      success: true,
      exportedAt: new Date().toISOString(),
      profile,
      orders,
      contactMessages,
      newsletterSubscription,
    };
  }
}
