import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import { api, dehydrate, loadWholeCatalogue, type ProductDto } from '@larder/shared-state';
import { setupMockApi, makeProduct } from '@larder/shared-state/testing';
import ProductDetailPage from './ProductDetailPage';
import { createTestStore, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

const apples: ProductDto = makeProduct({
  _id: 'p-apples',
  name: 'Braeburn Apples',
  category: 'Fruits',
  description: ['Crisp'],
  price: 3.5,
  offerPrice: 2.5,
  vat: 0,
  image: ['/uploads/products/apples.webp'],
  inStock: true,
  stock: null,
  ingredients: '',
  allergens: [],
});

function setup(product: ProductDto) {
  server.seed({ products: [product] });
  renderPage(<ProductDetailPage />, {
    store: createTestStore(server),
    path: `/products/fruits/${product._id}`,
    route: '/products/:category/:id',
  });
  return userEvent.setup();
}

describe('ProductDetailPage', () => {
  it('titles the tab as the server titles the page: name with pack, price, shop', async () => {
    setup(apples);
    await screen.findByRole('img', { name: 'Braeburn Apples' });
    expect(document.title).toBe('Braeburn Apples – £2.50 | Larder');
  });

  it('says the allergen information is not confirmed and links to the contact page when the seller has not said', async () => {
    setup(makeProduct({ ...apples, _id: 'p-loaf', name: 'Seeded Loaf', allergensConfirmed: false }));
    await screen.findByRole('heading', { level: 1, name: 'Seeded Loaf' });
    const section = screen.getByRole('heading', { name: MESSAGES.ingredientsHeading }).closest('section')!;
    expect(section).toHaveTextContent(MESSAGES.allergensNotConfirmed);
    expect(section).toHaveTextContent(MESSAGES.allergensNotConfirmedAdvice);
    expect(
      within(section).getByRole('link', { name: MESSAGES.allergensNotConfirmedContact }),
    ).toHaveAttribute('href', '/contact-us');
  });

  it('says nothing about unconfirmed allergens for a product confirmed to contain none', async () => {
    setup(makeProduct({ ...apples, allergensConfirmed: true }));
    await screen.findByRole('heading', { level: 1, name: 'Braeburn Apples' });
    expect(screen.queryByText(MESSAGES.allergensNotConfirmed)).not.toBeInTheDocument();
  });

  it('shows the price with VAT, the RRP with VAT struck through and the unit price of the price with VAT', async () => {
    setup(
      makeProduct({
        ...apples,
        _id: 'p-wine',
        name: 'Rioja 75cl',
        category: 'Drinks',
        price: 7.5,
        offerPrice: 6.25,
        vat: 20,
        netQuantity: 750,
        unit: 'ml',
        ageRestricted: true,
        unitPrice: undefined,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Rioja 75cl' });
    const main = document.body;
    expect(within(main).getByText('£7.50')).toBeInTheDocument();
    expect(within(main).getByText('£9.00').closest('del')).not.toBeNull();
    // Named a recommended price: the shop never sold it at £9.00 for 28 days.
    expect(within(main).getByText('£9.00').closest('p')).toHaveTextContent('RRP: £9.00');
    expect(within(main).getByText('You save £1.50')).toBeInTheDocument();
    expect(within(main).getAllByTestId('unit-price')[0]).toHaveTextContent('£10.00/litre');
    expect(within(main).getByText('Includes VAT at 20%')).toBeInTheDocument();
    expect(within(main).queryByText(/added at checkout/)).not.toBeInTheDocument();
    expect(within(main).queryByText('£6.25')).not.toBeInTheDocument();
    expect(document.title).toBe('Rioja 75cl – £7.50 | Larder');
    expect(within(main).getByText(MESSAGES.nutritionNotRequiredForAlcohol)).toBeInTheDocument();
  });

  it('says where "See more" leads to screen readers and search engines', async () => {
    setup(apples);
    const link = await screen.findByRole('link', { name: 'See more Fresh Fruits' });
    expect(link).toHaveAttribute('href', '/products/fruits');
  });

  it('shows the thumbnail strip for a product with one picture, with that picture selected', async () => {
    setup(apples);
    const strip = await screen.findByRole('list', { name: 'Product pictures' });
    const thumbnails = within(strip).getAllByRole('button');
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toHaveAccessibleName('Show picture 1 of 1');
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers the stored picture widths: the main picture first and at its shown width, the thumbnails small', async () => {
    setup(apples);
    const main = await screen.findByRole('img', { name: 'Braeburn Apples' });
    const srcSet = '/uploads/products/apples-400.webp 400w, /uploads/products/apples.webp 800w';
    expect(main).toHaveAttribute('srcset', srcSet);
    expect(main).toHaveAttribute('sizes', '(min-width: 768px) 40vw, 92vw');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('width', '800');
    expect(main).toHaveAttribute('height', '800');

    const strip = screen.getByRole('list', { name: 'Product pictures' });
    const thumbnail = strip.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('srcset', srcSet);
    expect(thumbnail).toHaveAttribute('sizes', '80px');
    expect(thumbnail).toHaveAttribute('width', '80');
    expect(thumbnail).toHaveAttribute('height', '80');
  });

  it('puts the main picture before the thumbnails in the markup, where a phone shows it', async () => {
    // A browser paints what it has parsed so far: thumbnails first in the markup were drawn where the picture
    // goes, then pushed below it once the picture was parsed (a layout shift on a slow load).
    setup(apples);
    const main = await screen.findByRole('img', { name: 'Braeburn Apples' });
    const strip = screen.getByRole('list', { name: 'Product pictures' });
    expect(main.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(strip.parentElement).toHaveClass('flex-col', 'sm:flex-row-reverse');
  });

  it('shows the picked picture even after another one failed to load', async () => {
    const user = setup({
      ...apples,
      image: ['/uploads/products/broken.webp', '/uploads/products/apples.webp'],
    });
    fireEvent.error(await screen.findByRole('img', { name: 'Braeburn Apples' }));
    expect(screen.getByRole('img', { name: 'Braeburn Apples' }).tagName).toBe('DIV');

    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 2' }));
    const main = screen.getByRole('img', { name: 'Braeburn Apples' });
    expect(main.tagName).toBe('IMG');
    expect(main).toHaveAttribute('src', '/uploads/products/apples.webp');
  });

  it("shows the product's ingredients and allergy advice", async () => {
    setup({ ...apples, ingredients: 'Apples (sulphites)', allergens: ['sulphites'] });
    const section = (await screen.findByRole('heading', { name: 'Ingredients' })).closest('section')!;
    expect(section).toHaveTextContent('Apples (sulphites)');
    expect(within(section).getByText(/^Contains:/)).toBeInTheDocument();
  });
});

describe('ProductDetailPage after a server-rendered page that carried only its own products', () => {
  it('waits for the whole catalogue instead of saying a product it does not hold yet is not found', async () => {
    const pears = makeProduct({ _id: 'p-pears', name: 'Conference Pears', category: 'Fruits' });
    server.seed({ products: [apples, pears] });
    const rendering = server.createStore({ cartSync: false });
    await rendering.dispatch(api.endpoints.listProducts.initiate(undefined, { subscribe: false }));
    const serverState = dehydrate(rendering.getState(), { shownProducts: new Set(['p-pears']) });
    const store = server.createStore({ serverState });

    renderPage(<ProductDetailPage />, {
      store,
      path: '/products/fruits/p-apples',
      route: '/products/:category/:id',
    });

    expect(document.title).toBe('Loading product | Larder');
    expect(screen.queryByText(MESSAGES.productNotFound)).not.toBeInTheDocument();
    await store.dispatch(loadWholeCatalogue());
    expect(await screen.findByRole('heading', { level: 1, name: 'Braeburn Apples' })).toBeVisible();
  });

  it('offers to try again when the whole catalogue cannot be loaded, instead of waiting for ever', async () => {
    server.seed({ products: [apples] });
    const rendering = server.createStore({ cartSync: false });
    await rendering.dispatch(api.endpoints.listProducts.initiate(undefined, { subscribe: false }));
    const serverState = dehydrate(rendering.getState(), { shownProducts: new Set<string>() });
    const store = server.createStore({ serverState });
    server.on('GET', '/api/product/list', { status: 503, body: { success: false, message: 'Unavailable' } });

    renderPage(<ProductDetailPage />, {
      store,
      path: '/products/fruits/p-apples',
      route: '/products/:category/:id',
    });
    await store.dispatch(loadWholeCatalogue());

    expect(await screen.findByText(MESSAGES.productLoadFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
