import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';

function Greeting() {
  return <h1>Fresh from London</h1>;
}

describe('lazyPage', () => {
  it('suspends until its code arrives when it was not loaded ahead', async () => {
    let loads = 0;
    const Page = lazyPage('page-greeting', async () => {
      loads += 1;
      return { default: Greeting };
    });
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fresh from London' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('renders at once, never showing the fallback, once preloaded; the code is fetched once', async () => {
    let loads = 0;
    const Page = lazyPage('page-greeting', async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fresh from London' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const Page = lazyPage('page-greeting', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(attempts).toBe(2);
    await act(async () => {
      render(<Page />);
    });
    expect(screen.getByRole('heading', { name: 'Fresh from London' })).toBeInTheDocument();
  });
});

describe('preloadRoute', () => {
  it.each([
    ['/', 'HomePage'],
    ['/home', 'HomePage'],
    ['/products', 'AllProductsPage'],
    ['/products/fruits', 'CategoryPage'],
    ['/products/fruits/3f2a9c1b', 'ProductDetailPage'],
    ['/cart', 'CartPage'],
    ['/no-such-page', 'NotFoundPage'],
  ])('loads the code of the page %s shows (%s) first', async (path, page) => {
    await jest.isolateModulesAsync(async () => {
      const loaded = new Set(Object.keys(require.cache));
      const { preloadRoute: preload } = await import('./routes');
      const before = new Set(Object.keys(require.cache));
      await preload(path);
      const pages = Object.keys(require.cache)
        .filter((file) => !before.has(file) && !loaded.has(file))
        .filter((file) => /\/pages\/[^/]+\/[A-Za-z]+Page\.tsx$/.test(file))
        .map((file) => file.replace(/^.*\/([A-Za-z]+Page)\.tsx$/, '$1'));
      // Modules enter require's cache as they start loading: the page first, then what it imports itself.
      expect(pages[0]).toBe(page);
    });
  });
});
