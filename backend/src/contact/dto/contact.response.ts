import { ResponseField } from '../../common/api-field';
import { PageInfo } from '../../common/pagination';

export class ContactMessageView {
  @ResponseField({ format: 'uuid' })
  _id!: string;

  @ResponseField()
  name!: string;

  @ResponseField()
  email!: string;

  @ResponseField()
  phone!: string;

  @ResponseField()
  message!: string;

  @ResponseField({ type: String, format: 'date-time' })
  createdAt!: string;

  @ResponseField({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it was e-mailed to the shop (null when e-mail is not configured or sending failed)',
  })
  emailedAt!: string | null;
}

export class SendContactMessageResponse {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({ example: 'Your message has been sent successfully!' })
  message!: string;
}

export class ContactMessagesResponse extends PageInfo {
  @ResponseField({ example: true })
  success!: true;

  @ResponseField({
    type: () => ContactMessageView,
    isArray: true,
    description: 'This page of the messages, newest first',
  })
  messages!: ContactMessageView[];
}
