import { landingPath, maySee } from './role-access';

describe('the screens each role sees', () => {
  it('shows a picker the orders and Picking, and lands them on Picking', () => {
    expect(landingPath('picker')).toBe('picking');
    expect(maySee('picker', 'picking')).toBe(true);
    expect(maySee('picker', 'orders')).toBe(true);
    for (const screen of ['', 'product-list', 'settings', 'run-sheet', 'staff', 'activity', 'edit-product/1'])
      expect(maySee('picker', screen)).toBe(false);
  });

  it('shows a driver the run sheet and their Run, and lands them on the Run', () => {
    expect(landingPath('driver')).toBe('run');
    expect(maySee('driver', 'run')).toBe(true);
    expect(maySee('driver', '/run-sheet')).toBe(true);
    for (const screen of ['', 'picking', 'orders', 'add-product', 'staff', 'activity'])
      expect(maySee('driver', screen)).toBe(false);
  });

  it('shows a manager everything but the staff, and the owner everything', () => {
    expect(landingPath('manager')).toBe('');
    expect(maySee('manager', 'staff')).toBe(false);
    for (const screen of ['', 'settings', 'activity', 'picking', 'run-sheet', 'security'])
      expect(maySee('manager', screen)).toBe(true);
    for (const screen of ['', 'staff', 'activity', 'picking', 'run-sheet'])
      expect(maySee('owner', screen)).toBe(true);
  });

  it('lets every member reach their own sign-in security', () => {
    for (const role of ['owner', 'manager', 'picker', 'driver'] as const)
      expect(maySee(role, 'security')).toBe(true);
  });

  it('keeps a screen it does not know for the owner and managers', () => {
    expect(maySee('manager', 'something-new')).toBe(true);
    expect(maySee('picker', 'something-new')).toBe(false);
    expect(maySee('driver', 'cash-up')).toBe(false);
  });
});
