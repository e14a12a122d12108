import { H3 } from '@blueprintjs/core';
import { cancellationPolicyLines, type CancellationPolicy } from '../../../common/bookables/cancellation-policy';

/**
 * The object's "Stornobedingungen", stated before booking in the same words the confirmation mail
 * repeats (common/bookables/cancellation-policy.ts).
 */
export function CancellationTerms({ policy }: { policy: CancellationPolicy }) {
  return (
    <section className="checkout-cancellation-terms" aria-labelledby="checkout-cancellation-heading">
      <H3 id="checkout-cancellation-heading">Stornobedingungen</H3>
      {cancellationPolicyLines(policy).map((line) => (
        <p key={line} className="bp6-text-muted">
          {line}
        </p>
      ))}
    </section>
  );
}
