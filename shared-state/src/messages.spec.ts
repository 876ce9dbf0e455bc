import { MESSAGES } from '@larder/shared-domain';
import { errorMessage, successMessage } from './messages';

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage({ status: 409, data: { success: false, message: 'Prices have changed' } })).toBe(
      'Prices have changed',
    );
  });

  it("falls back to the thrown error's text, then to the fallback", () => {
    expect(errorMessage(new Error('Offline'))).toBe('Offline');
    expect(errorMessage({ status: 500, data: {} }, 'Failed to cancel order.')).toBe(
      'Failed to cancel order.',
    );
    expect(errorMessage(undefined)).toBe(MESSAGES.somethingWentWrong);
  });

  it('never shows a raw network failure', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Try again')).toBe(
      'Try again',
    );
  });
});

describe('successMessage', () => {
  it("uses the server's message when there is one", () => {
    expect(successMessage({ success: true, message: 'Product added' }, 'Done')).toBe('Product added');
    expect(successMessage({ success: true }, 'Done')).toBe('Done');
  });
});
