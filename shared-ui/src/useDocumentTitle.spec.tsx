import { render } from '@testing-library/react';
import { SiteNameProvider, useDocumentTitle } from './useDocumentTitle';

function Screen({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

describe('useDocumentTitle', () => {
  beforeEach(() => {
    document.title = 'Before';
  });

  it('names the tab after the screen and the shop, and gives the old title back when the screen goes', () => {
    const { rerender, unmount } = render(<Screen title="Cart" />);
    expect(document.title).toBe('Cart | Larder');
    rerender(<Screen title="" />);
    expect(document.title).toBe('Larder');
    unmount();
    expect(document.title).toBe('Before');
  });

  it('uses the site name given above the screen', () => {
    render(
      <SiteNameProvider name="Larder Seller">
        <Screen title="Orders" />
      </SiteNameProvider>,
    );
    expect(document.title).toBe('Orders | Larder Seller');
  });
});
