import { CONTACT_FIELD_LIMITS } from './contact';

describe('CONTACT_FIELD_LIMITS', () => {
  it('holds the longest accepted value of each contact field', () => {
    expect(CONTACT_FIELD_LIMITS).toEqual({ name: 100, email: 254, phone: 30, message: 2000 });
  });
});
