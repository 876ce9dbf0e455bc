import { fireEvent, render, screen } from '@testing-library/react';
import { ProductImage } from './ProductImage';

describe('ProductImage', () => {
  it('shows a labelled placeholder when the picture fails, and tries again when the src changes', () => {
    const { rerender } = render(<ProductImage src="/a.jpg" alt="Apples" width={80} height={80} />);
    fireEvent.error(screen.getByRole('img', { name: 'Apples' }));
    expect(screen.getByRole('img', { name: 'Apples' }).tagName).toBe('DIV');

    rerender(<ProductImage src="/b.jpg" alt="Apples" width={80} height={80} />);
    const image = screen.getByRole('img', { name: 'Apples' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/b.jpg');
  });

  it('hides the placeholder from assistive technology when there is no alt text', () => {
    const { container } = render(<ProductImage src={undefined} alt="" width={80} height={80} />);
    const placeholder = container.firstElementChild;
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder).not.toHaveAttribute('role');
    expect(placeholder).not.toHaveAttribute('aria-label');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
