import { Module } from '@nestjs/common';
import { ContactMailer } from './contact-mailer';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';
import { NewsletterController } from './newsletter.controller';
import { NewsletterRepository } from './newsletter.repository';
import { NewsletterService } from './newsletter.service';

@Module({
  controllers: [ContactController, NewsletterController],
  providers: [ContactService, ContactRepository, ContactMailer, NewsletterService, NewsletterRepository],
  exports: [ContactService],
})
export class ContactModule {}
