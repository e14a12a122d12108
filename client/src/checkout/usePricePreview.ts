import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { CheckoutPreviewDocument, type CheckoutInput, type CheckoutOutcomeFragment } from '../gql/graphql';
import { errorInfo } from '../shared/toast';
import { type RefusedField, refusedField } from './checkoutRequest';

/** Changes are previewed once the customer pauses, not on every keystroke. */
const PAUSE_MS = 300;

export interface PreviewRefusal {
  code: string | undefined;
  title: string;
  message: string;
  /** The field the refusal concerns, null for the price box only. */
  field: RefusedField | null;
}

export interface PricePreview {
  /** The last price the server gave for what is chosen now; null before the first or after a refusal. */
  outcome: CheckoutOutcomeFragment | null;
  refusal: PreviewRefusal | null;
  loading: boolean;
}

/**
 * The live price: the checkout evaluated without booking (checkoutPreview) for the input, after a
 * short pause; null input (nothing bookable chosen yet) asks nothing.
 */
export function usePricePreview(tenantId: string, input: CheckoutInput | null, timeRelated: boolean): PricePreview {
  const key = input ? JSON.stringify(input) : '';
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  const settledInput = settled ? (JSON.parse(settled) as CheckoutInput) : null;
  const { data, previousData, error, loading } = useQuery(CheckoutPreviewDocument, settledInput ? { variables: { tenantId, input: settledInput } } : skipToken);
  const pending = key !== settled || loading;
  if (!settledInput) return { outcome: null, refusal: null, loading: pending };
  if (error) {
    const info = errorInfo(error);
    return {
      outcome: null,
      refusal: { code: info.code, title: info.title ?? 'Kein Preis', message: info.message ?? 'Der Preis konnte nicht ermittelt werden.', field: refusedField(info.code, timeRelated) },
      loading: pending,
    };
  }
  // While a new price is asked for, the last one stays (marked as being updated) instead of flickering.
  return { outcome: (data ?? (loading ? previousData : undefined))?.checkoutPreview ?? null, refusal: null, loading: pending };
}
