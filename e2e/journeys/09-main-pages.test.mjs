// Each main page, loaded with realistic content: a full-page screenshot on a desktop and on a phone
// (artifacts/desktop-*.png, artifacts/phone-*.png) and an axe check on both sizes (no serious or critical violations).
import { test } from 'node:test';
import { PHONE, a11yProblems, inPage, loadAllImages, screenshot, useBrowser } from '../support/browser.mjs';
import {
  apiAddAddress,
  apiPlaceOrder,
  apiProducts,
  apiSellerLogin,
  apiSetCart,
  apiSignUp,
  newCustomer,
} from '../support/api.mjs';
import { expectHidden, expectVisible } from '../support/expect.mjs';
import { loginModal, openLoginModal, openShop } from '../support/shop.mjs';

const browser = useBrowser();

/** Waits until no loading placeholder is left on the page. */
async function settled(page) {
  await expectHidden(page.locator('[aria-busy="true"]').first(), { what: 'the loading placeholders' });
}

/** Pictures that did not arrive: broken images, and the neutral box a product picture falls back to. */
async function missingPictures(page) {
  const broken = await loadAllImages(page);
  const fallbacks = await page
    .locator('div[role="img"]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') || '(unnamed)'));
  return [
    ...broken.map((src) => `broken image ${src}`),
    ...fallbacks.map((name) => `no picture for ${name}`),
  ];
}

/**
 * Screenshots and checks the page at desktop size, then at phone size (same page, resized), and fails
 * with every serious or critical axe violation of both, and with any picture that did not load.
 */
async function capture(page, name, ready, { fullPage = true } = {}) {
  const problems = [];
  for (const size of ['desktop', 'phone']) {
    if (size === 'phone') await page.setViewportSize(PHONE.viewport);
    await ready();
    await settled(page);
    const missing = await missingPictures(page);
    if (missing.length)
      problems.push(`${size} ${name}: ${missing.length} picture(s) missing:\n  ${missing.join('\n  ')}`);
    await screenshot(page, `${size}-${name}`, { fullPage });
    problems.push(await a11yProblems(page, `${size}-${name}`));
  }
  const found = problems.filter(Boolean);
  if (found.length) throw new Error(found.join('\n\n'));
}

async function signedInCustomer(context, { cart = true, order = false } = {}) {
  const customer = newCustomer('pages');
  await apiSignUp(context, customer);
  const address = await apiAddAddress(context);
  const products = (await apiProducts(context)).filter((p) => p.inStock);
  if (order) {
    await apiPlaceOrder(context, {
      lines: [
        { product: products[1], quantity: 2 },
        { product: products[6], quantity: 1 },
      ],
      addressId: address._id,
    });
  }
  if (cart) await apiSetCart(context, { [products[0]._id]: 2, [products[3]._id]: 1, [products[8]._id]: 3 });
  return { customer, products };
}

const main = (page) => page.getByRole('main');

test('home', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/');
    await capture(page, 'home', () =>
      expectVisible(main(page).getByRole('region', { name: 'Shop groceries' }).getByRole('article').first()),
    );
  });
});

test('login modal', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/');
    await openLoginModal(page);
    // A dialog over the page: the visible screen is what the shopper sees.
    await capture(page, 'login-modal', () => expectVisible(loginModal(page).getByLabel('First name')), {
      fullPage: false,
    });
  });
});

test('all products', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/products');
    await capture(page, 'products', () => expectVisible(main(page).getByRole('article').first()));
  });
});

test('category', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/products/dairy');
    await capture(page, 'category', () => expectVisible(main(page).getByRole('article').first()));
  });
});

test('product detail', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const product = (await apiProducts(context)).find((p) => p.inStock && p.offerPrice < p.price);
    await openShop(page, `/products/${product.category.toLowerCase()}/${product._id}`);
    await capture(page, 'product', () =>
      expectVisible(main(page).getByRole('heading', { name: product.name, level: 1 })),
    );
  });
});

test('cart', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await signedInCustomer(context);
    await openShop(page, '/cart');
    await capture(page, 'cart', () =>
      expectVisible(page.getByRole('complementary', { name: 'Order Summary' }).getByText('Total Amount:')),
    );
  });
});

test('add address', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await signedInCustomer(context);
    await openShop(page, '/add-address');
    await capture(page, 'add-address', () => expectVisible(main(page).getByRole('radio').first()));
  });
});

test('my orders', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await signedInCustomer(context, { cart: false, order: true });
    await openShop(page, '/my-orders');
    await capture(page, 'my-orders', () => expectVisible(main(page).getByRole('article').first()));
  });
});

test('profile', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await signedInCustomer(context, { cart: false });
    await openShop(page, '/profile');
    await capture(page, 'profile', () =>
      expectVisible(main(page).getByRole('tablist', { name: 'Profile sections' })),
    );
  });
});

test('contact', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/contact-us');
    await capture(page, 'contact', () =>
      expectVisible(main(page).getByRole('button', { name: 'Send Message' })),
    );
  });
});

test('privacy policy', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/privacy-policy');
    await capture(page, 'privacy-policy', () => expectVisible(main(page).getByRole('heading', { level: 1 })));
  });
});

test('not found', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/no-such-page');
    await capture(page, 'not-found', () => expectVisible(main(page).getByRole('heading', { level: 1 })));
  });
});

test('seller login', async (t) => {
  await inPage(t, browser, async (page) => {
    await page.goto('/seller');
    await capture(page, 'seller-login', () =>
      expectVisible(page.getByRole('heading', { name: 'Seller Login' }), { timeout: 45_000 }),
    );
  });
});

test('seller dashboard', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await apiSellerLogin(context);
    await page.goto('/seller');
    await capture(page, 'seller-dashboard', async () => {
      await expectVisible(page.getByRole('heading', { name: 'Dashboard', level: 1 }), { timeout: 45_000 });
      await expectVisible(page.locator('.recharts-surface').first(), { what: 'the 14-day chart' });
    });
  });
});

test('seller edit product', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await apiSellerLogin(context);
    const [product] = await apiProducts(context);
    await page.goto(`/seller/edit-product/${product._id}`);
    await capture(page, 'seller-edit-product', () =>
      expectVisible(page.getByRole('heading', { name: 'Edit Product', level: 1 }), { timeout: 45_000 }),
    );
  });
});

test('seller add product', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await apiSellerLogin(context);
    await page.goto('/seller/add-product');
    await capture(page, 'seller-add-product', () =>
      expectVisible(page.getByRole('heading', { name: 'Add Product', level: 1 }), { timeout: 45_000 }),
    );
  });
});

test('seller product list', async (t) => {
  await inPage(t, browser, async (page, context) => {
    await apiSellerLogin(context);
    await page.goto('/seller/product-list');
    await capture(page, 'seller-product-list', () =>
      expectVisible(page.getByRole('switch').first(), { timeout: 45_000 }),
    );
  });
});

test('seller orders', async (t) => {
  await inPage(t, browser, async (page, context) => {
    // The seller's and the customer's sessions are separate cookies: one context can hold both.
    await signedInCustomer(context, { cart: false, order: true });
    await apiSellerLogin(context);
    await page.goto('/seller/orders');
    await capture(page, 'seller-orders', () =>
      expectVisible(page.getByRole('main').getByRole('article').first(), { timeout: 45_000 }),
    );
  });
});
