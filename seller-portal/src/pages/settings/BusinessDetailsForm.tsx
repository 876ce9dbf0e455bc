import { useState, type FormEvent } from 'react';
import {
  MAX_BUSINESS_TEXT_LENGTH,
  MESSAGES,
  normaliseCompanyNumber,
  normaliseVatNumber,
} from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useGetBusinessDetailsQuery,
  useUpdateBusinessDetailsMutation,
  type BusinessDetailsView,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput } from '@larder/shared-ui';
import { focusControl, SettingsCard, useSettingsForm } from './SettingsCard';

type BusinessField = 'legalName' | 'address' | 'email' | 'phone' | 'vatNumber' | 'companyNumber';
const FIELDS: readonly BusinessField[] = [
  'legalName',
  'address',
  'email',
  'phone',
  'vatNumber',
  'companyNumber',
];

export const BUSINESS_TEXTS = {
  saved: 'Business details saved',
  saveFailed: 'The business details could not be saved',
  loadFailed: 'The business details could not be loaded',
  required: {
    legalName: 'Enter the legal name of the business',
    address: 'Enter the address where the business is established',
    email: 'Enter an e-mail address customers can write to',
    phone: 'Enter a telephone number',
  },
  emailInvalid: 'Enter an e-mail address such as name@example.com',
} as const;

const EMPTY: Record<BusinessField, string> = {
  legalName: '',
  address: '',
  email: '',
  phone: '',
  vatNumber: '',
  companyNumber: '',
};

const fromDetails = (details: BusinessDetailsView | null): Record<BusinessField, string> => ({
  legalName: details?.legalName ?? '',
  address: details?.address ?? '',
  email: details?.email ?? '',
  phone: details?.phone ?? '',
  vatNumber: details?.vatNumber ?? '',
  companyNumber: details?.companyNumber ?? '',
});

/** What is wrong with each box, by the rules the server applies (GB VAT and company number formats). */
function problemsOf(values: Record<BusinessField, string>): Partial<Record<BusinessField, string>> {
  const problems: Partial<Record<BusinessField, string>> = {};
  for (const field of ['legalName', 'address', 'email', 'phone'] as const)
    if (!values[field].trim()) problems[field] = BUSINESS_TEXTS.required[field];
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    problems.email = BUSINESS_TEXTS.emailInvalid;
  if (values.vatNumber.trim() && !normaliseVatNumber(values.vatNumber))
    problems.vatNumber = MESSAGES.vatNumberInvalid;
  if (values.companyNumber.trim() && !normaliseCompanyNumber(values.companyNumber))
    problems.companyNumber = MESSAGES.companyNumberInvalid;
  return problems;
}

/**
 * Who the shop is (GET/POST /api/settings/business): the name, address and contact details the footer, the terms
 * and the receipts show, with the VAT number that makes a receipt a VAT invoice.
 */
export function BusinessDetailsForm() {
  const { data, isLoading, isError, refetch } = useGetBusinessDetailsQuery();
  const [save] = useUpdateBusinessDetailsMutation();
  const [saving, setSaving] = useState(false);
  const { values, errors, setErrors, change, saved } = useSettingsForm(
    data ? data.business : undefined,
    fromDetails,
    EMPTY,
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = problemsOf(values);
    const first = FIELDS.find((field) => problems[field]);
    if (first) {
      setErrors(problems);
      focusControl(event, first);
      return;
    }
    setSaving(true);
    try {
      await save({
        businessDetailsDto: {
          legalName: values.legalName.trim(),
          address: values.address.trim(),
          email: values.email.trim(),
          phone: values.phone.trim(),
          ...(values.vatNumber.trim() && { vatNumber: normaliseVatNumber(values.vatNumber) }),
          ...(values.companyNumber.trim() && { companyNumber: normaliseCompanyNumber(values.companyNumber) }),
        },
      }).unwrap();
      toast.success(BUSINESS_TEXTS.saved);
      saved();
    } catch (failure) {
      toast.error(errorMessage(failure, BUSINESS_TEXTS.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const box = (field: BusinessField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      name={field}
      value={values[field]}
      maxLength={MAX_BUSINESS_TEXT_LENGTH}
      onChange={(event) => change(field, event.target.value)}
      error={errors[field]}
      {...extra}
    />
  );

  return (
    <SettingsCard
      headingId="business-details-heading"
      title="Business details"
      description="Who the shop is: shown in the footer, the terms and on every receipt. With a VAT number, receipts are VAT invoices."
      loading={isLoading}
      skeleton={
        <div className="mt-4 grid gap-4 sm:grid-cols-2" aria-hidden="true">
          {FIELDS.map((field) => (
            <Skeleton key={field} className="h-16" />
          ))}
        </div>
      }
      loadError={isError && !data ? BUSINESS_TEXTS.loadFailed : undefined}
      onRetry={() => refetch()}
      onSubmit={submit}
      formClassName="mt-4 grid gap-4 sm:grid-cols-2 sm:items-start"
    >
      {box('legalName', 'Legal name', { required: true, autoComplete: 'organization' })}
      {box('address', 'Address', { required: true, autoComplete: 'street-address' })}
      {box('email', 'E-mail', { required: true, type: 'email', autoComplete: 'email' })}
      {box('phone', 'Telephone', { required: true, type: 'tel', autoComplete: 'tel' })}
      {box('vatNumber', 'VAT number (optional)', {
        autoCapitalize: 'characters',
        placeholder: 'GB123456789',
      })}
      {box('companyNumber', 'Company number (optional)', {
        autoCapitalize: 'characters',
        placeholder: '01234567',
      })}
      <div className="sm:col-span-2">
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </SettingsCard>
  );
}
