describe('date formats', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are made when first used, not when the shop rules are loaded', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    jest.isolateModules(() => {
      const rules = jest.requireActual<typeof import('./index')>('./index');
      expect(made).not.toHaveBeenCalled();
      // A page that shows only the year never needs one.
      expect(rules.londonYear(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe(2026);
      expect(made).not.toHaveBeenCalled();

      expect(rules.formatDeliveryDate('2026-11-24')).toBe('Tue, 24 Nov 2026');
      expect(rules.formatDeliveryDate('2026-11-25')).toBe('Wed, 25 Nov 2026');
      expect(made).toHaveBeenCalledTimes(1); // then kept
    });
  });
});
