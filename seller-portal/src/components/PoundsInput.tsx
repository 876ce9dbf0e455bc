import { TextInput, type TextInputProps } from '@larder/shared-ui';

/** A required amount in pounds: a number of at least 0 in steps of a penny, with the decimal keypad on phones. */
export function PoundsInput(props: Omit<TextInputProps, 'type' | 'inputMode' | 'min' | 'step' | 'required'>) {
  return <TextInput type="number" inputMode="decimal" min={0} step={0.01} required {...props} />;
}
