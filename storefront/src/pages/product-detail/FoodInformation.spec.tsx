import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { FoodInformation } from './FoodInformation';

describe('FoodInformation', () => {
  it('shows the ingredients with the allergens in bold and the allergy advice', () => {
    render(
      <FoodInformation
        ingredients="Oats, wheat flour, butter (milk), free-range eggs, sugar"
        allergens={['milk', 'eggs', 'gluten']}
      />,
    );
    const section = screen.getByRole('heading', { name: 'Ingredients' }).closest('section')!;
    const bold = Array.from(section.querySelectorAll('strong'), (node) => node.textContent);
    expect(bold).toEqual(['Oats', 'wheat', 'butter', 'milk', 'eggs', 'Allergy advice:']);
    expect(within(section).getByText(/^Contains:/)).toHaveTextContent(
      'Contains: milk, eggs, cereals containing gluten',
    );
    expect(section).toHaveTextContent('Oats, wheat flour, butter (milk), free-range eggs, sugar');
  });

  it('assumes nothing when the allergens are not confirmed: says so and links to the contact page', () => {
    render(
      <MemoryRouter>
        <FoodInformation ingredients="" allergens={[]} allergensConfirmed={false} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('heading', { name: 'Ingredients' }).closest('section')!;
    expect(section).toHaveTextContent('Allergen information not confirmed');
    expect(section).toHaveTextContent('please contact us before buying it');
    expect(
      within(section).getByRole('link', { name: MESSAGES.allergensNotConfirmedContact }),
    ).toHaveAttribute('href', '/contact-us');
    expect(section).not.toHaveTextContent('Contains:');
  });

  it('shows nothing when the seller entered no ingredients or allergens', () => {
    const { container } = render(<FoodInformation ingredients="" allergens={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
