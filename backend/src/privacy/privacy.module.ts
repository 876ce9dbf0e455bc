import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { MailModule } from '../mail/mail.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { OrdersModule } from '../orders/orders.module';
import { RegularsModule } from '../regulars/regulars.module';
import { UsersModule } from '../users/users.module';
import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';

/** A customer's right of access (their data as one download) and what leaves the outbox with an account. */
@Module({
  imports: [UsersModule, OrdersModule, ContactModule, NewsletterModule, MailModule, RegularsModule],
  controllers: [PrivacyController],
  providers: [PrivacyService],
})
export class PrivacyModule {}
