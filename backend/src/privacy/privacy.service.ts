import { Injectable, OnModuleInit } from '@nestjs/common';
import { ContactService } from '../contact/contact.service';
import { MailService } from '../mail/mail.service';
import { NewsletterService } from '../newsletter/newsletter.service';
import { OrdersService } from '../orders/orders.service';
import { RegularsService } from '../regulars/regulars.service';
import { StandingOrdersService } from '../regulars/standing-orders.service';
import { UsersService } from '../users/users.service';
import type { DataExportResponse } from './dto/data-export.response';

/** A customer's own data, gathered from every module that holds some of it. */
@Injectable()
export class PrivacyService implements OnModuleInit {
  constructor(
    private readonly users: UsersService,
    private readonly orders: OrdersService,
    private readonly contact: ContactService,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    private readonly regulars: RegularsService,
    private readonly standingOrders: StandingOrdersService,
  ) {}

  /** A deleted customer's name and address leave the e-mail outbox with the account, sent messages included. */
  onModuleInit(): void {
    this.users.onAccountDeletion(async (tx, userId) => {
      const contact = await this.users.getCustomerContact(userId, tx);
      if (contact) await this.mail.eraseRecipient(contact.email, tx);
    });
  }

  async exportFor(userId: string): Promise<DataExportResponse> {
    const profile = await this.users.getUserView(userId);
    const [orders, contactMessages, newsletterSubscription, favourites, standingOrders] = await Promise.all([
      this.orders.listUserOrders(userId),
      this.contact.listSentBy(userId),
      this.newsletter.subscriptionOf(profile.email),
      this.regulars.favourites(userId),
      this.standingOrders.list(userId),
    ]);
    return {
      success: true,
      exportedAt: new Date().toISOString(),
      profile,
      orders,
      contactMessages,
      newsletterSubscription,
      favourites,
      standingOrders,
    };
  }
}
