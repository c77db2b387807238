import { Checkbox, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AUTO_NUMBER_LABEL, type Service } from '@serwis/domain';
import { readProtocolNumberInput } from '../protocol-number-input';
import { heldNumber, savedNumber, type ServiceFormValues } from '../service-form-values';

interface ProtocolNumberFieldsProps {
  form: UseFormReturnType<ServiceFormValues>;
  /** The event being edited; absent for a new one. */
  service?: Service;
  /** The checkbox cannot change (event already signed or rejected, or the form is read-only). */
  signDisabled: boolean;
  readOnly: boolean;
}

/** "25" or "25A": a few digits and a letter, with room for a mistyped character to be seen. */
const NUMBER_INPUT_MAX = 12;

/**
 * Spec §4: the number is typed only when the event is signed on save; ticking the box blanks it,
 * unticking brings back the event's own number (or "(auto)").
 */
export function ProtocolNumberFields({ form, service, signDisabled, readOnly }: ProtocolNumberFieldsProps) {
  const { values } = form;
  const editable = !readOnly && values.isToSign;

  const toggleSign = (checked: boolean) => {
    form.setValues(
      checked
        ? { isToSign: true, numberText: '', number: 0, numberExtension: '' }
        : { isToSign: false, ...savedNumber(service) },
    );
    form.clearFieldError('numberText');
  };

  const type = (raw: string) => {
    const read = readProtocolNumberInput(raw, heldNumber(service));
    form.setValues({ numberText: read.text, number: read.number, numberExtension: read.numberExtension });
    form.clearFieldError('numberText');
  };
  // Read from the text on screen at each drawing, not kept as the form's error: kept, it was gone
  // after the second of two invalid texts in a row ("x", then "x1"). A refusal of the server (the
  // form's error) stays until the next key.
  const typedError = editable ? readProtocolNumberInput(values.numberText, heldNumber(service)).error : null;

  return (
    <>
      <TextInput
        label="Numer protokołu"
        // An event numbered already keeps its number when the field is emptied (the server's rule).
        description={
          editable
            ? `np. 25 lub 25A; puste = ${service?.number ? 'obecny numer' : 'kolejny numer w roku'}`
            : undefined
        }
        value={editable ? values.numberText : values.numberText || AUTO_NUMBER_LABEL}
        disabled={!editable}
        maxLength={NUMBER_INPUT_MAX}
        onChange={(event) => type(event.currentTarget.value)}
        error={form.errors.numberText ?? typedError}
      />
      <Checkbox
        label="Podpisz przy zapisie"
        checked={values.isToSign}
        disabled={signDisabled || readOnly}
        onChange={(event) => toggleSign(event.currentTarget.checked)}
        mt={{ base: 0, sm: 'xl' }}
        styles={{ body: { alignItems: 'center', minHeight: 40 } }}
      />
    </>
  );
}
