import { screen } from '@testing-library/react';
import { CONTACT_FIELD_LIMITS } from '@larder/shared-domain';
import { setupMockApi } from '@larder/shared-state/testing';
import ContactPage from './ContactPage';
import { createTestStore, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

describe('ContactPage', () => {
  it('holds every field to the length the server accepts', () => {
    renderPage(<ContactPage />, {
      store: createTestStore(server),
      path: '/contact-us',
      route: '/contact-us',
    });
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute(
      'maxLength',
      String(CONTACT_FIELD_LIMITS.name),
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute(
      'maxLength',
      String(CONTACT_FIELD_LIMITS.email),
    );
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveAttribute(
      'maxLength',
      String(CONTACT_FIELD_LIMITS.phone),
    );
    const message = screen.getByRole('textbox', { name: /Message/ });
    expect(message).toHaveAttribute('maxLength', String(CONTACT_FIELD_LIMITS.message));
    expect(message).toHaveAccessibleDescription('Up to 2,000 characters.');
  });
});
