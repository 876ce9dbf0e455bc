import { screen, within } from '@testing-library/react';
import { makeOrderItem, makeSellerOrder } from '@larder/shared-state/testing';
import { renderWithApi } from '../../../test/render';
import OrdersPage from './OrdersPage';

const customer = {
  name: 'Ann Jones',
  email: 'ann@example.com',
  phone: '07700 900123',
  address: '12 Park Street, Bristol, England, BS1 5HT, United Kingdom',
};

const items = (name: string) => screen.getByRole('list', { name });

describe('Orders: what was picked', () => {
  it('shows each line picked x of y, the substitute sent with its quantity and price, and refused lines', async () => {
    const picked = makeSellerOrder({
      _id: 'aaaaaaaa-0000-4000-8000-000000000001',
      userId: 'u-ann',
      customer,
      items: [
        makeOrderItem({ product: 'milk', name: 'Whole milk 2 pints', quantity: 3, price: 1.5 }),
        makeOrderItem({ product: 'eggs', name: 'Free range eggs x6', quantity: 2, price: 2.2 }),
        makeOrderItem({ product: 'beer', name: 'Pale ale 4 x 440ml', quantity: 1, price: 6 }),
      ].map((item, index) =>
        index === 0
          ? {
              ...item,
              picked: 1,
              substitute: {
                product: 'oat',
                name: 'Oat drink 1L',
                quantity: 2,
                price: 1.4,
                vat: 0,
                ageRestricted: false,
              },
            }
          : index === 1
            ? { ...item, picked: 2 }
            : { ...item, picked: 1, refused: true },
      ),
    });
    const placed = makeSellerOrder({
      _id: 'bbbbbbbb-0000-4000-8000-000000000002',
      userId: 'u-ann',
      customer,
      items: [makeOrderItem({ product: 'bread', name: 'Sourdough loaf', quantity: 1 })],
    });
    renderWithApi(<OrdersPage />, {}, { state: { sellerOrders: [picked, placed] } });

    const lines = within(await screen.findByRole('list', { name: 'Items in order #AAAAAAAA' }));
    expect(lines.getByRole('list', { name: 'What was picked of Whole milk 2 pints' })).toHaveTextContent(
      'Picked 1 of 3 (2 missing)Substitute: 2 × Oat drink 1L at £1.40 each',
    );
    expect(lines.getByRole('list', { name: 'What was picked of Free range eggs x6' })).toHaveTextContent(
      /^Picked 2 of 2$/,
    );
    expect(lines.getByRole('list', { name: 'What was picked of Pale ale 4 x 440ml' })).toHaveTextContent(
      'Picked 1 of 1Refused at the door',
    );

    // Not picked yet: nothing but the line.
    expect(within(items('Items in order #BBBBBBBB')).queryByText(/Picked/)).not.toBeInTheDocument();
  });
});
