// A visitor writes to the shop through the contact form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, useBrowser } from '../support/browser.mjs';
import { expectHidden, expectPath, expectText, expectValue, expectVisible } from '../support/expect.mjs';
import { TEXT, navbar, openShop } from '../support/shop.mjs';

const browser = useBrowser();

test('the contact form needs every field, then says the message was sent and clears itself', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/');
    await navbar(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expectPath(page, '/contact-us');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Contact Us', level: 1 }));

    const side = main.getByRole('complementary', { name: 'Get in touch' });
    await expectText(side, 'Based in London, UK');
    await expectVisible(side.getByRole('link', { name: /^\+44/ }));
    await expectVisible(side.getByRole('link', { name: /@/ }));

    const name = main.getByRole('textbox', { name: 'Name' });
    const email = main.getByRole('textbox', { name: 'Email' });
    const phone = main.getByRole('textbox', { name: 'Phone' });
    const message = main.getByRole('textbox', { name: 'Message' });
    assert.equal(await email.getAttribute('type'), 'email');
    assert.equal(await phone.getAttribute('type'), 'tel');
    for (const field of [name, email, phone, message]) {
      assert.equal(await field.evaluate((el) => el.required), true, 'every field is required');
    }

    // The browser refuses an incomplete form: nothing is sent, no success note.
    await name.fill('Grace Hopper');
    await main.getByRole('button', { name: 'Send Message' }).click();
    assert.equal(await email.evaluate((el) => el.validity.valid), false);
    await expectHidden(main.getByText(TEXT.contactSent));

    await email.fill('grace@example.com');
    await phone.fill('07700 900321');
    await message.fill('Do you deliver to Bath on Saturdays?');
    await main.getByRole('button', { name: 'Send Message' }).click();
    await expectText(main, TEXT.contactSent);
    for (const field of [name, email, phone, message]) await expectValue(field, '');
  });
});
