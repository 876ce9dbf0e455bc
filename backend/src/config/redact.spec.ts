import { redact } from './redact';

describe('redact', () => {
  it.each([
    ['postgres://larder:s3cret@db.internal:5432/shop', 'postgres://larder:***@db.internal:5432/shop'],
    ['redis://:r3dis@cache:6379', 'redis://:***@cache:6379'],
    ['smtps://mailer:p%40ss:word@smtp.example.com:465', 'smtps://mailer:***@smtp.example.com:465'],
    [
      '550 5.1.1 <jane.doe+shop@example.co.uk>: Recipient address rejected',
      '550 5.1.1 <[e-mail]>: Recipient address rejected',
    ],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['https://shop.example/path?x=1', 'https://shop.example/path?x=1'],
  ])('%s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });
});
