import { act, render, screen } from '@testing-library/react';
import { toast } from '@larder/shared-state';
import { ToasterOnDemand } from './ToasterOnDemand';

describe('ToasterOnDemand', () => {
  it('draws nothing until a toast is shown, then shows that toast and the ones after it', async () => {
    const { container } = render(<ToasterOnDemand />);
    expect(container).toBeEmptyDOMElement();

    act(() => toast.success('Added to cart'));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();

    act(() => toast.error('Please sign in'));
    expect(await screen.findByText('Please sign in')).toBeInTheDocument();
    act(() => toast.remove());
  });
});
