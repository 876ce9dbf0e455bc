import { render, screen, within } from '@testing-library/react';
import { MESSAGES, REFERENCE_INTAKE_NOTE, trafficLights, type Nutrition } from '@larder/shared-domain';
import { makeProduct } from '@larder/shared-state/testing';
import { NutritionInformation } from './NutritionInformation';

const cheddar: Nutrition = {
  energyKj: 1725,
  energyKcal: 416,
  fat: 34.9,
  saturates: 21.7,
  carbohydrate: 0.1,
  sugars: 0.1,
  fibre: null,
  protein: 25.4,
  salt: 1.8,
};

describe('NutritionInformation', () => {
  it('prints the nutrition table per 100 g with the reference intake note', () => {
    const product = makeProduct({
      _id: 'p-cheddar',
      category: 'Dairy',
      netQuantity: 400,
      unit: 'g',
      nutrition: cheddar,
      trafficLights: trafficLights(cheddar, 'Dairy'),
    });
    render(<NutritionInformation product={product} />);
    const table = screen.getByTestId('nutrition-table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Typical valuesPer 100g',
      'Energy1725kJ / 416kcal',
      'Fat34.9g',
      'of which saturates21.7g',
      'Carbohydrate0.1g',
      'of which sugars0.1g',
      'Protein25.4g',
      'Salt1.8g',
    ]);
    expect(screen.getByText(REFERENCE_INTAKE_NOTE)).toBeInTheDocument();
  });

  it('shows each traffic light in words, not colour alone', () => {
    const product = makeProduct({
      _id: 'p-cheddar',
      category: 'Dairy',
      nutrition: cheddar,
      trafficLights: trafficLights(cheddar, 'Dairy'),
    });
    render(<NutritionInformation product={product} />);
    expect(screen.getByRole('list', { name: 'Front of pack nutrition per 100g' })).toBeInTheDocument();
    expect(screen.getByTestId('light-fat')).toHaveTextContent('Fat34.9gHigh');
    expect(screen.getByTestId('light-saturates')).toHaveTextContent('Saturates21.7gHigh');
    expect(screen.getByTestId('light-sugars')).toHaveTextContent('Sugars0.1gLow');
    expect(screen.getByTestId('light-salt')).toHaveTextContent('Salt1.8gHigh');
  });

  it('prints drinks per 100 ml with fibre when declared, and the pack, storage, origin and producer', () => {
    const juice = { ...cheddar, fat: 0, saturates: 0, sugars: 9.4, carbohydrate: 9.4, fibre: 0.5, salt: 0 };
    const product = makeProduct({
      _id: 'p-juice',
      category: 'Drinks',
      netQuantity: 1,
      unit: 'l',
      nutrition: juice,
      trafficLights: trafficLights(juice, 'Drinks'),
      storage: 'Keep refrigerated.',
      origin: 'Brazil',
      producer: { name: 'Citrus Co', address: '2 Grove Road, Leeds' },
    });
    render(<NutritionInformation product={product} />);
    expect(screen.getByRole('columnheader', { name: 'Per 100ml' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Fibre 0.5g' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Front of pack nutrition per 100ml' })).toBeInTheDocument();
    expect(screen.getByTestId('light-sugars')).toHaveTextContent('Medium');
    expect(screen.getByText('1L')).toBeInTheDocument();
    expect(screen.getByText('Keep refrigerated.')).toBeInTheDocument();
    expect(screen.getByText('Brazil')).toBeInTheDocument();
    expect(screen.getByTestId('business-responsible')).toHaveTextContent('Citrus Co, 2 Grove Road, Leeds');
  });

  it('names the shop as the business responsible when no producer is given, and no table without nutrition', () => {
    render(<NutritionInformation product={makeProduct({ _id: 'p-plain', producer: null })} />);
    expect(screen.getByTestId('business-responsible')).toHaveTextContent('Larder, London, UK');
    expect(screen.queryByTestId('nutrition-table')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.nutritionNotRequiredForAlcohol)).not.toBeInTheDocument();
  });

  it('names the shop by its saved legal name and address once saved, when no producer is given', () => {
    const shop = { legalName: 'Larder Foods Ltd', address: '1 Wine Street, Bristol BS1 2AA' };
    const { rerender } = render(
      <NutritionInformation product={makeProduct({ _id: 'p-plain', producer: null })} shop={shop} />,
    );
    expect(screen.getByTestId('business-responsible')).toHaveTextContent(
      'Larder Foods Ltd, 1 Wine Street, Bristol BS1 2AA',
    );
    rerender(
      <NutritionInformation
        product={makeProduct({ _id: 'p-made', producer: { name: 'Citrus Co', address: 'Leeds' } })}
        shop={shop}
      />,
    );
    expect(screen.getByTestId('business-responsible')).toHaveTextContent('Citrus Co, Leeds');
  });

  it('says an alcoholic drink needs no nutrition information, and shows no traffic lights', () => {
    const wine = makeProduct({ _id: 'p-wine', category: 'Drinks', ageRestricted: true, nutrition: null });
    render(<NutritionInformation product={wine} />);
    expect(screen.getByRole('heading', { name: 'Nutrition' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.nutritionNotRequiredForAlcohol)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Front of pack nutrition/ })).not.toBeInTheDocument();
  });

  it("shows an alcoholic drink's nutrition table when the seller gave it, still without traffic lights", () => {
    const cider = { ...cheddar, fat: 0, saturates: 0, sugars: 2, carbohydrate: 2, salt: 0 };
    const product = makeProduct({
      _id: 'p-cider',
      category: 'Drinks',
      ageRestricted: true,
      nutrition: cider,
      // As the server answers an age-restricted product.
      trafficLights: trafficLights(cider, 'Drinks', true),
    });
    render(<NutritionInformation product={product} />);
    expect(screen.getByTestId('nutrition-table')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Front of pack nutrition/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('light-sugars')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.nutritionNotRequiredForAlcohol)).not.toBeInTheDocument();
  });
});
