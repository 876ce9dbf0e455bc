import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_LICENSED_HOURS,
  FOOD_PROMOTION_TEXTS,
  isLicensedHours,
  LICENCE_DAY_NAMES,
  LICENCE_DAYS,
  LICENCE_TEXTS,
  type LicensedHours,
} from '@larder/shared-domain';
import {
  useGetFoodPromotionSettingsQuery,
  useGetLicenceSettingsQuery,
  useUpdateFoodPromotionSettingsMutation,
  useUpdateLicenceSettingsMutation,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';

const SAVE_FAILED = 'Failed to save. Please try again.';

/**
 * Whether the food promotion rules apply to Larder (the owner's: 50 or more employees), in one sentence and a
 * switch (GET/POST /api/settings/food-promotion). Hidden from managers, whom the server refuses.
 */
export function FoodPromotionForm() {
  const { data, isLoading, isError } = useGetFoodPromotionSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateFoodPromotionSettingsMutation();
  const [status, setStatus] = useState<string | null>(null);
  // The switch shows the seller's choice at once, while it is saved; a refused save puts it back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const saved = data?.qualifyingBusiness;
  useEffect(() => setChosen(null), [saved]);
  if (isError && !data) return null;
  const change = async (qualifyingBusiness: boolean) => {
    setStatus(null);
    setChosen(qualifyingBusiness);
    try {
      await save({ foodPromotionSettingsDto: { qualifyingBusiness } }).unwrap();
      setStatus(FOOD_PROMOTION_TEXTS.saved);
    } catch {
      setChosen(null);
      setStatus(SAVE_FAILED);
    }
  };
  return (
    <section
      aria-labelledby="food-promotion-heading"
      className="rounded-xl border border-gray-200 p-4 md:p-6"
    >
      <h2 id="food-promotion-heading" className="text-lg font-semibold text-gray-900">
        Food promotion rules
      </h2>
      <p className="mt-1 text-sm text-gray-600">{FOOD_PROMOTION_TEXTS.settingSentence}</p>
      {isLoading || !data ? (
        <Skeleton className="mt-4 h-10 w-64" />
      ) : (
        <label className="mt-4 flex min-h-10 cursor-pointer items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            name="qualifyingBusiness"
            checked={chosen ?? data.qualifyingBusiness}
            disabled={saving}
            onChange={(event) => void change(event.target.checked)}
            className="h-4 w-4 accent-primary"
          />
          {FOOD_PROMOTION_TEXTS.settingLabel}
        </label>
      )}
      <p role="status" className="mt-2 text-sm text-gray-700">
        {status}
      </p>
    </section>
  );
}

interface LicenceValues {
  premisesLicence: string;
  supervisor: string;
  hours: LicensedHours;
}

/** The premises licence, its supervisor and its hours for alcohol each day (GET/POST /api/settings/licence). */
export function LicenceForm() {
  const { data, isLoading, isError, refetch } = useGetLicenceSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateLicenceSettingsMutation();
  const [values, setValues] = useState<LicenceValues>({
    premisesLicence: '',
    supervisor: '',
    hours: DEFAULT_LICENSED_HOURS,
  });
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (data)
      setValues({
        premisesLicence: data.premisesLicence ?? '',
        supervisor: data.supervisor ?? '',
        hours: isLicensedHours(data.hours) ? data.hours : DEFAULT_LICENSED_HOURS,
      });
  }, [data]);

  const setHour = (day: (typeof LICENCE_DAYS)[number], edge: 0 | 1, value: string) => {
    setValues((current) => {
      const pair: [string, string] = [...current.hours[day]];
      pair[edge] = value;
      return { ...current, hours: { ...current.hours, [day]: pair } };
    });
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    if (!isLicensedHours(values.hours)) {
      setError(LICENCE_TEXTS.hoursInvalid);
      return;
    }
    try {
      await save({
        licenceSettingsDto: {
          premisesLicence: values.premisesLicence.trim() || null,
          supervisor: values.supervisor.trim() || null,
          hours: values.hours,
        },
      }).unwrap();
      setStatus(LICENCE_TEXTS.saved);
    } catch {
      setStatus(SAVE_FAILED);
    }
  };

  return (
    <section aria-labelledby="licence-heading" className="rounded-xl border border-gray-200 p-4 md:p-6">
      <h2 id="licence-heading" className="text-lg font-semibold text-gray-900">
        Premises licence
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Alcohol is sold when it is picked: pickers can pick 18+ products only within these hours (London
        time), and only delivery slots within them can hold alcohol.
      </p>
      {isLoading ? (
        <Skeleton className="mt-4 h-40 w-full" />
      ) : isError && !data ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-danger">Could not load the licence details.</p>
          <Button variant="secondary" size="sm" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextInput
              label="Premises licence number"
              name="premisesLicence"
              value={values.premisesLicence}
              onChange={(event) => setValues((v) => ({ ...v, premisesLicence: event.target.value }))}
            />
            <TextInput
              label="Designated premises supervisor"
              name="supervisor"
              value={values.supervisor}
              onChange={(event) => setValues((v) => ({ ...v, supervisor: event.target.value }))}
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Hours for the sale of alcohol</legend>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
              {LICENCE_DAYS.map((day) => (
                <div key={day} className="flex items-end gap-2">
                  <TextInput
                    label={`${LICENCE_DAY_NAMES[day]} from`}
                    name={`hours.${day}.from`}
                    type="time"
                    value={values.hours[day][0]}
                    onChange={(event) => setHour(day, 0, event.target.value)}
                  />
                  <TextInput
                    label={`${LICENCE_DAY_NAMES[day]} until`}
                    name={`hours.${day}.until`}
                    type="time"
                    value={values.hours[day][1]}
                    onChange={(event) => setHour(day, 1, event.target.value)}
                  />
                </div>
              ))}
            </div>
            {error && (
              <p className="mt-2 text-sm text-danger" role="alert">
                {error}
              </p>
            )}
          </fieldset>
          <div>
            <Button type="submit" loading={saving}>
              Save licence
            </Button>
          </div>
          <p role="status" className="text-sm text-gray-700">
            {status}
          </p>
        </form>
      )}
    </section>
  );
}
