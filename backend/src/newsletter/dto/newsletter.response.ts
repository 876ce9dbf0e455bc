import { MESSAGES } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { PageInfo } from '../../common/pagination';

export class NewsletterSubscriberView {
  @ResponseField({ format: 'email' })
  email!: string;

  @ResponseField({ type: String, format: 'date-time', description: 'When the address joined the list' })
  createdAt!: string;
}

export class SubscribeNewsletterResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ example: MESSAGES.newsletterJoined })
  message!: string;
}

export class NewsletterSubscribersResponse extends PageInfo {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({
    type: () => NewsletterSubscriberView,
    isArray: true,
    description: 'This page of the subscribers, newest first',
  })
  subscribers!: NewsletterSubscriberView[];
}
