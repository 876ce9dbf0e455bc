import { useDocumentTitle } from '@larder/shared-ui';
import { BusinessDetailsForm } from './BusinessDetailsForm';
import { DeliveryAreasForm } from './DeliveryAreasForm';
import { DeliverySettingsForm } from './DeliverySettingsForm';
import { FoodPromotionForm, LicenceForm } from './FoodLawSettings';
import { OrderSettingsForm, PerProductLimitForm } from './OrderSettingsForm';
import { ShippingSettingsForm } from './ShippingSettingsForm';

/**
 * /seller/settings: the shop's shipping fee and free-shipping threshold, delivery-slot capacity, order limits,
 * delivery areas, business details, the premises licence and (for the owner) the food promotion rules.
 */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Settings</h1>
        <p className="mt-1 text-sm text-gray-600">
          How the shop charges for delivery and how many orders it takes.
        </p>
      </div>
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <ShippingSettingsForm />
        <DeliverySettingsForm />
        <OrderSettingsForm />
        <DeliveryAreasForm />
        <PerProductLimitForm />
        {/* Six boxes: the whole width on wide screens. */}
        <div className="xl:col-span-2">
          <BusinessDetailsForm />
        </div>
        <div className="xl:col-span-2">
          <LicenceForm />
        </div>
        <div className="xl:col-span-2">
          <FoodPromotionForm />
        </div>
      </div>
    </div>
  );
}
