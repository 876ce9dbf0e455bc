import { useState, type FormEvent } from 'react';
import {
  DELIVERY_CITIES,
  MESSAGES,
  normaliseDeliveryArea,
  type DeliveryAreas,
  type DeliveryCity,
} from '@larder/shared-domain';
import {
  errorMessage,
  successMessage,
  toast,
  useGetDeliveryAreasQuery,
  useUpdateDeliveryAreasMutation,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';
import { focusControl, SettingsCard, useSettingsForm } from './SettingsCard';

const EMPTY = Object.fromEntries(DELIVERY_CITIES.map((city) => [city, ''])) as Record<DeliveryCity, string>;

const fromAreas = (areas: DeliveryAreas): Record<DeliveryCity, string> =>
  Object.fromEntries(DELIVERY_CITIES.map((city) => [city, (areas[city] ?? []).join(', ')])) as Record<
    DeliveryCity,
    string
  >;

/** The codes typed for one city ("bs8, BS9 ba1" → ["BS8", "BS9", "BA1"]), or undefined when one is not a code. */
function parseCodes(text: string): string[] | undefined {
  const codes = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(normaliseDeliveryArea);
  return codes.every((code): code is string => code !== undefined) ? codes : undefined;
}

/**
 * Where the shop delivers: for each city the postcode areas ("BS") or districts ("BS8") it serves
 * (GET/POST /api/settings/delivery-area). Narrowing it keeps customers' saved addresses; checkout refuses those
 * now outside it.
 */
export function DeliveryAreasForm() {
  const { data, isLoading, isError, refetch } = useGetDeliveryAreasQuery();
  const [save] = useUpdateDeliveryAreasMutation();
  const [saving, setSaving] = useState(false);
  const { values, errors, setErrors, change, saved } = useSettingsForm(data?.areas, fromAreas, EMPTY);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const areas = {} as DeliveryAreas;
    const problems: Partial<Record<DeliveryCity, string>> = {};
    for (const city of DELIVERY_CITIES) {
      const codes = parseCodes(values[city]);
      if (codes) areas[city] = codes;
      else problems[city] = MESSAGES.invalidDeliveryAreaCodes;
    }
    const first = DELIVERY_CITIES.find((city) => problems[city]);
    if (first) {
      setErrors(problems);
      focusControl(event, `areas-${first}`);
      return;
    }
    setSaving(true);
    try {
      toast.success(
        successMessage(
          await save({ updateDeliveryAreasDto: { areas } }).unwrap(),
          MESSAGES.deliveryAreasUpdated,
        ),
      );
      saved();
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.deliveryAreasSaveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard
      headingId="delivery-areas-heading"
      title="Delivery areas"
      description="The postcode areas (BS) or districts (BS8) each city takes. Customers can save an address only inside them."
      loading={isLoading}
      skeleton={
        <div className="mt-4 grid gap-4 sm:grid-cols-2" aria-hidden="true">
          {DELIVERY_CITIES.map((city) => (
            <Skeleton key={city} className="h-16" />
          ))}
        </div>
      }
      loadError={isError && !data ? MESSAGES.deliveryAreasLoadFailed : undefined}
      onRetry={() => refetch()}
      onSubmit={submit}
      formClassName="mt-4 grid gap-4 sm:grid-cols-2 sm:items-start"
    >
      {DELIVERY_CITIES.map((city) => (
        <TextInput
          key={city}
          label={city}
          name={`areas-${city}`}
          autoCapitalize="characters"
          placeholder="None"
          value={values[city]}
          onChange={(event) => change(city, event.target.value)}
          error={errors[city]}
        />
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </SettingsCard>
  );
}
