import request from 'supertest';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInSeller } from '../../test/auth-helpers';

/**
 * Shopper queries against the demo catalogue, as people type them: typos, swapped letters, common misspellings,
 * plurals, words split or joined, words half typed, and things named by what they are. The product meant must
 * be among the first three results.
 */
const QUERIES: [query: string, meant: string][] = [
  // one typo in a word of four letters or more
  ['carots', 'British Carrots 1kg'],
  ['brocoli', 'Tenderstem Broccoli 200g'],
  ['tomatos', 'Vine Tomatoes 500g'],
  ['potatos', 'Maris Piper Potatoes 2.5kg'],
  ['onoins', 'Brown Onions 1kg'],
  ['cucumbr', 'Whole Cucumber'],
  ['mushrooms', 'Chestnut Mushrooms 250g'],
  ['garlik', 'Garlic Bulbs x4'],
  ['bananna', 'Fairtrade Bananas x5'],
  ['clementine', 'Easy Peeler Clementines 600g'],
  ['avacado', 'Ripe & Ready Avocados x2'],
  ['bluberries', 'Blueberries 150g'],
  ['grpes', 'Seedless Red Grapes 500g'],
  ['lemonaid', 'Cloudy Lemonade 2L'],
  ['noodels', 'Chicken Instant Noodles 5 Pack'],
  ['chedar', 'Mature Cheddar 400g'],
  ['buter', 'Salted Butter 250g'],
  ['croisants', 'All Butter Croissants x4'],
  ['bagles', 'Plain Bagels x5'],
  ['pancaks', 'Scotch Pancakes x8'],
  ['donuts', 'Jam Doughnuts x5'],
  ['cookeis', 'Chocolate Chip Cookies x8'],
  ['basmatti rice', 'Basmati Rice 1kg'],
  ['porige oats', 'Porridge Oats 1kg'],
  ['lentills', 'Red Split Lentils 500g'],
  ['cummin', 'Cumin Seeds 100g'],
  ['nutmg', 'Whole Nutmeg 40g'],
  ['papirka', 'Smoked Paprika 50g'],
  ['garam masla', 'Garam Masala 100g'],
  ['baguete', 'French Baguette'],
  // two typos in a word of eight letters or more
  ['strawbrries', 'British Strawberries 400g'],
  ['peppercons', 'Black Peppercorns 50g'],
  ['croissnats', 'All Butter Croissants x4'],
  ['wholmeel loaf', 'Wholemeal Sliced Loaf 800g'],
  // letters swapped
  ['chedadr', 'Mature Cheddar 400g'],
  ['bgaels', 'Plain Bagels x5'],
  ['ornage juice', 'Orange Juice Not From Concentrate 1L'],
  ['ginegr beer', 'Fiery Ginger Beer 4 x 330ml'],
  // common misspellings
  ['tumeric', 'Ground Turmeric 100g'],
  ['cardomom', 'Green Cardamom Pods 50g'],
  ['spaghetti bolognaise', 'Spaghetti Bolognese Ready Meal 400g'],
  ['bolognaise', 'Spaghetti Bolognese Ready Meal 400g'],
  ['chapatti flour', 'Wholemeal Chapati Flour 5kg'],
  ['chilies', 'Dried Red Chillies 50g'],
  ['self rising flour', 'Self Raising Flour 1.5kg'],
  ['pilaf rice', 'Microwave Pilau Rice 250g'],
  // singular and plural
  ['tomato', 'Vine Tomatoes 500g'],
  ['egg', 'Free Range Eggs x12'],
  ['apple', 'Pink Lady Apples x4'],
  ['pear', 'Conference Pears x4'],
  ['bay leaf', 'Bay Leaves 10g'],
  ['baked bean', 'Baked Beans in Tomato Sauce 415g'],
  ['peppers', 'Mixed Peppers x3'],
  // words split or joined
  ['pop corn', 'Sweet & Salty Microwave Popcorn 3 Pack'],
  ['icecream', 'Vanilla Ice Cream 1L'],
  ['corn flakes', 'Cornflakes 500g'],
  ['semi skimmed milk', 'British Semi-Skimmed Milk 4 Pints'],
  ['gingerbeer', 'Fiery Ginger Beer 4 x 330ml'],
  ['bakedbeans', 'Baked Beans in Tomato Sauce 415g'],
  ['corn flour', 'Cornflour 500g'],
  // typed halfway
  ['strawb', 'British Strawberries 400g'],
  ['brocc', 'Tenderstem Broccoli 200g'],
  ['avoc', 'Ripe & Ready Avocados x2'],
  ['cardam', 'Green Cardamom Pods 50g'],
  ['croiss', 'All Butter Croissants x4'],
  ['porrid', 'Porridge Oats 1kg'],
  ['sparkling wat', 'Sparkling Spring Water 6 x 500ml'],
  // by what it is: ingredients and category
  ['cheese', 'Mature Cheddar 400g'],
  ['fizzy water', 'Sparkling Spring Water 6 x 500ml'],
  ['wheat flour', 'Plain White Flour 1.5kg'],
  ['soup', 'Cream of Tomato Soup 400g'],
  ['chocolate', 'Chocolate Chip Cookies x8'],
  ['vanilla', 'Vanilla Ice Cream 1L'],
  ['loaf of bread', 'Wholemeal Sliced Loaf 800g'],
  ['maize flakes', 'Cornflakes 500g'],
  ['salt', 'Fine Sea Salt 350g'],
];

describe('search: what shoppers type', () => {
  let t: TestApp;
  const search = (q: string) => request(t.server).get('/api/product/search').query({ q });
  const names = async (q: string): Promise<string[]> =>
    (await search(q).expect(200)).body.products.map((p: { name: string }) => p.name);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it(`finds the product meant among the first three for at least 95% of ${QUERIES.length} queries`, async () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    const misses: string[] = [];
    for (const [query, meant] of QUERIES) {
      const found = await names(query);
      if (!found.slice(0, 3).includes(meant)) {
        misses.push(`"${query}" -> ${found.slice(0, 3).join(' | ') || '(nothing)'} (meant ${meant})`);
      }
    }
    const rate = (QUERIES.length - misses.length) / QUERIES.length;
    process.stdout.write(
      `search hit rate: ${QUERIES.length - misses.length}/${QUERIES.length} (${(rate * 100).toFixed(1)}%)\n` +
        misses.map((m) => `  missed ${m}\n`).join(''),
    );
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });

  it.each(['xqzvw', 'zzzxqv', 'qwpfk', '%', '_'])('finds nothing for "%s"', async (q) => {
    expect(await names(q)).toEqual([]);
  });

  it('ranks a word in the name above the same word in a description or the ingredients', async () => {
    // "milk" is in the name of the milk and in the ingredients of cheese, butter and ice cream.
    expect((await names('milk'))[0]).toBe('British Semi-Skimmed Milk 4 Pints');
    expect(await names('milk')).toEqual(
      expect.arrayContaining(['Mature Cheddar 400g', 'Salted Butter 250g', 'Vanilla Ice Cream 1L']),
    );
    // "butter": the butter itself, then the croissants named after it, then what only lists it.
    const butter = await names('butter');
    expect(butter.slice(0, 2)).toEqual(['Salted Butter 250g', 'All Butter Croissants x4']);
    // "somerset" is only in the cheddar's description; "sauce" is in a name.
    expect(await names('somerset')).toEqual(['Mature Cheddar 400g']);
    expect((await names('tomato'))[0]).toBe('Vine Tomatoes 500g');
  });

  it('puts the products matching every word first', async () => {
    expect((await names('brown rice'))[0]).toBe('Long Grain Brown Rice 1kg');
    expect((await names('red lentils'))[0]).toBe('Red Split Lentils 500g');
  });

  it('finds a product as soon as it is added, and no longer once deleted', async () => {
    const seller = await signInSeller(t);
    expect(await names('quinoa')).toEqual([]);
    const id = await createProduct(t, { name: 'Tricolour Quinoa 300g', category: 'Grains' });
    expect((await names('quinoa'))[0]).toBe('Tricolour Quinoa 300g');
    expect((await names('qinoa'))[0]).toBe('Tricolour Quinoa 300g');
    await request(t.server).delete(`/api/product/${id}`).set('Cookie', seller).expect(200);
    expect(await names('quinoa')).toEqual([]);
    // Accents are ignored both ways.
    await createProduct(t, { name: 'Crème Fraîche 300ml', category: 'Dairy' });
    expect((await names('creme fraiche'))[0]).toBe('Crème Fraîche 300ml');
    expect((await names('crème'))[0]).toBe('Crème Fraîche 300ml');
  });
});
