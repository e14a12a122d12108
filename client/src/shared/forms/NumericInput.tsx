// eslint-disable-next-line no-restricted-imports -- the one place that wraps Blueprint's NumericInput
import { Button, ButtonGroup, Classes, ControlGroup, NumericInput as BlueprintNumericInput } from '@blueprintjs/core';
import type { ComponentProps } from 'react';
import { steppedValue } from './numericStep';

/** Blueprint's props including the input element's (focus, blur, aria-invalid), but German step buttons. */
export interface NumericInputProps extends Omit<ComponentProps<typeof BlueprintNumericInput>, 'buttonPosition' | 'id' | 'value' | 'onValueChange'> {
  /** The input's id: the label points at it and the step buttons name it as the element they change. */
  id: string;
  value: number | string;
  onValueChange: (valueAsNumber: number, valueAsString: string) => void;
}

/**
 * Blueprint's NumericInput with German step buttons ("Erhöhen", "Verringern"). Blueprint's own
 * buttons are labelled in English and point aria-controls at a generated id that the input no
 * longer has once it gets its own id for its label.
 */
export function NumericInput({ id, value, onValueChange, stepSize = 1, min, max, disabled, readOnly, intent, fill, ...props }: NumericInputProps) {
  const current = Number(String(value).replace(',', '.'));
  const filled = String(value).trim() !== '' && !Number.isNaN(current);
  const inactive = disabled || readOnly;
  const step = (direction: 1 | -1) => {
    const next = steppedValue(value, direction, stepSize, min, max);
    onValueChange(next, String(next));
  };
  return (
    <ControlGroup fill={fill} className={Classes.NUMERIC_INPUT}>
      <BlueprintNumericInput
        {...props}
        id={id}
        value={value}
        onValueChange={(valueAsNumber, valueAsString) => onValueChange(valueAsNumber, valueAsString)}
        stepSize={stepSize}
        min={min}
        max={max}
        disabled={disabled}
        readOnly={readOnly}
        intent={intent}
        fill={fill}
        buttonPosition="none"
      />
      <ButtonGroup vertical className={Classes.FIXED}>
        <Button
          aria-label="Erhöhen"
          aria-controls={id}
          icon="chevron-up"
          intent={intent}
          disabled={inactive || (filled && max !== undefined && current >= max)}
          onClick={() => step(1)}
        />
        <Button
          aria-label="Verringern"
          aria-controls={id}
          icon="chevron-down"
          intent={intent}
          disabled={inactive || (filled && min !== undefined && current <= min)}
          onClick={() => step(-1)}
        />
      </ButtonGroup>
    </ControlGroup>
  );
}
