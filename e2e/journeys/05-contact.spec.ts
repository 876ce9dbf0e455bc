// A visitor writes to the shop through the contact form.
import { expect, test } from '../support/fixtures';
import { TEXT, navbar, openShop, visibleText } from '../support/shop';

test('the contact form needs every field, then says the message was sent and clears itself', async ({
  page,
}) => {
  await openShop(page, '/');
  await navbar(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL('/contact-us');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();

  const side = main.getByRole('complementary', { name: 'Get in touch' });
  await expect(visibleText(side, 'Based in London, UK')).toBeVisible();
  await expect(side.getByRole('link', { name: /^\+44/ })).toBeVisible();
  await expect(side.getByRole('link', { name: /@/ })).toBeVisible();

  const name = main.getByRole('textbox', { name: 'Name' });
  const email = main.getByRole('textbox', { name: 'Email' });
  const phone = main.getByRole('textbox', { name: 'Phone' });
  const message = main.getByRole('textbox', { name: 'Message' });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(phone).toHaveAttribute('type', 'tel');
  for (const field of [name, email, phone, message]) {
    await expect(field, 'every field is required').toHaveJSProperty('required', true);
  }

  // The browser refuses an incomplete form: nothing is sent, no success note.
  await name.fill('Grace Hopper');
  await main.getByRole('button', { name: 'Send Message' }).click();
  expect(await email.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
  await expect(main.getByText(TEXT.contactSent)).toBeHidden();

  await email.fill('grace@example.com');
  await phone.fill('07700 900321');
  await message.fill('Do you deliver to Bath on Saturdays?');
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(visibleText(main, TEXT.contactSent)).toBeVisible();
  for (const field of [name, email, phone, message]) await expect(field).toHaveValue('');
});
