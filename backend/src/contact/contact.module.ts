import { Module } from '@nestjs/common';
import { ContactMailer } from './contact-mailer';
import { ContactController } from './contact.controller';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';

@Module({
  controllers: [ContactController],
  providers: [ContactService, ContactRepository, ContactMailer],
  exports: [ContactService],
})
export class ContactModule {}
