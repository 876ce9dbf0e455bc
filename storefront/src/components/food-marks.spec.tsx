import { render, screen } from '@testing-library/react';
import { makeProduct } from '@larder/shared-state/testing';
import { NutritionInformation } from '../pages/product-detail/NutritionInformation';
import { UnitPrice } from './food-marks';

describe('a product sold without a pack size', () => {
  const loaf = makeProduct({ _id: 'p-loaf', name: 'Farmhouse loaf', netQuantity: null, unit: null });

  it('shows no unit price and no pack size, where one with a pack shows both', () => {
    render(
      <>
        <UnitPrice product={loaf} />
        <NutritionInformation product={loaf} />
      </>,
    );
    expect(screen.queryByTestId('unit-price')).not.toBeInTheDocument();
    expect(screen.queryByText('Pack size')).not.toBeInTheDocument();
  });

  it('shows both once it has a pack', () => {
    const packed = makeProduct({ _id: 'p-oats', netQuantity: 500, unit: 'g', offerPrice: 1.4 });
    render(
      <>
        <UnitPrice product={packed} />
        <NutritionInformation product={packed} />
      </>,
    );
    expect(screen.getByTestId('unit-price')).toHaveTextContent('£2.80/kg');
    expect(screen.getByText('Pack size').nextSibling).toHaveTextContent('500g');
  });
});
