import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldErrorMarker } from './fieldMessage';

/**
 * A checkbox or radio button in Blueprint's look: its markup with Blueprint's classes (the
 * stylesheet is there anyway), which keeps the public booking page's download small.
 */
export function Choice({ label, type, ...input }: { label: ReactNode; type: 'checkbox' | 'radio' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={`bp6-control bp6-${type}${input.disabled ? ' bp6-disabled' : ''}`}>
      <input type={type} className="bp6-control-input" {...input} />
      <span className="bp6-control-indicator" />
      {label}
    </label>
  );
}

/** A group's message (time, consent, payment choice, weekdays): the place a failed save leads to. */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="bp6-form-group bp6-intent-danger">
      <div id={id} className="bp6-form-helper-text" role="alert" {...fieldErrorMarker}>
        {message}
      </div>
    </div>
  );
}
