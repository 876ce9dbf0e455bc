import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import {
  useConfirmTwoFactorSetupMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorStatusQuery,
  useStartTwoFactorSetupMutation,
  type StartTwoFactorSetupApiResponse,
  errorMessage,
  toast,
} from '@larder/shared-state';
import { Button, Skeleton, TextInput, useDocumentTitle } from '@larder/shared-ui';

/** The seller's sign-in security: two-factor sign-in with an authenticator app. */
export default function SecurityPage() {
  useDocumentTitle('Security');
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-gray-900">Security</h1>
      <TwoFactorCard />
    </div>
  );
}

function TwoFactorCard() {
  const { data, isLoading, isError, refetch } = useGetTwoFactorStatusQuery();
  const [enrolment, setEnrolment] = useState<StartTwoFactorSetupApiResponse>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  let body;
  if (isLoading) body = <Skeleton className="mt-4 h-10 w-64" />;
  else if (isError || !data)
    body = (
      <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
        <p className="text-sm text-danger">{MESSAGES.twoFactorLoadFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (recoveryCodes)
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />;
  else if (data.enabled) body = <TurnOff recoveryCodesLeft={data.recoveryCodesLeft} />;
  else if (enrolment)
    body = (
      <Enrol
        enrolment={enrolment}
        onCancel={() => setEnrolment(undefined)}
        onEnabled={(codes) => {
          setEnrolment(undefined);
          setRecoveryCodes(codes);
        }}
      />
    );
  else body = <Start onStarted={setEnrolment} />;

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-xl border border-gray-200 p-4 md:p-6">
      <h2 id="two-factor-heading" className="text-lg font-semibold text-gray-900">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Sign-in asks for a code from an authenticator app on your phone after the password, so a stolen
        password alone cannot open the seller area.
      </p>
      {body}
    </section>
  );
}

function Start({ onStarted }: { onStarted: (enrolment: StartTwoFactorSetupApiResponse) => void }) {
  const [start, { isLoading }] = useStartTwoFactorSetupMutation();
  const begin = async () => {
    try {
      onStarted(await start().unwrap());
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.twoFactorSetupFailed));
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <p className="text-sm font-medium text-gray-900">Two-factor sign-in is off.</p>
      <Button onClick={() => void begin()} loading={isLoading}>
        Set up two-factor sign-in
      </Button>
    </div>
  );
}

function Enrol({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: StartTwoFactorSetupApiResponse;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [confirm, { isLoading }] = useConfirmTwoFactorSetupMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await confirm({ twoFactorCodeDto: { code: code.trim() } }).unwrap();
      toast.success(result.message);
      onEnabled(result.recoveryCodes);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.twoFactorCodeWrong));
    }
  };
  return (
    <div className="mt-4 flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={enrolment.qrCode}
        alt="QR code to add Larder to your authenticator app"
        width={192}
        height={192}
        className="h-48 w-48 rounded-md border border-gray-200 bg-white p-2"
      />
      <p className="text-sm text-gray-700">
        Can’t scan? Key:{' '}
        <code className="break-all rounded bg-gray-100 px-1.5 py-0.5 font-mono text-gray-900">
          {enrolment.secret}
        </code>
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextInput
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          placeholder="123456"
        />
        <Button type="submit" loading={isLoading} disabled={code.trim() === ''}>
          Turn on
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="mt-4 flex flex-col gap-3">
      <p className="text-sm font-medium text-gray-900">Two-factor sign-in is on.</p>
      <h3 className="text-base font-semibold text-gray-900">Your recovery codes</h3>
      <p className="text-sm text-gray-700">
        Keep these somewhere safe, away from your phone. Each one signs you in once if you lose the phone.
        They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-gray-50 p-4 font-mono text-sm text-gray-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await disable({ twoFactorCodeDto: { code: code.trim() } }).unwrap();
      toast.success(result.message ?? MESSAGES.twoFactorDisabled);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.twoFactorCodeWrong));
    }
  };
  return (
    <div className="mt-4 flex flex-col gap-3">
      <p className="text-sm font-medium text-gray-900">
        Two-factor sign-in is on. {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? '' : 's'} left.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextInput
          label="Code from the app, or a recovery code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="secondary" loading={isLoading} disabled={code.trim() === ''}>
          Turn off two-factor sign-in
        </Button>
      </form>
    </div>
  );
}
