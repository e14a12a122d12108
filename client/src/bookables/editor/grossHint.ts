import { grossFromNet } from '../../../../common/bookables/prices';
import { MAX_DECIMAL, numberError, parseNumber, roundTo } from '../../../../common/validation/numbers';
import { formatCurrency } from '../../shared/format';

const percentFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** A typed amount the server would accept (comma or point decimals), rounded to cents; null otherwise. */
function typedAmount(text: string, max: number): number | null {
  const number = parseNumber(text);
  return number === null || numberError(number, { max }) ? null : roundTo(number);
}

/**
 * The VAT rate a price category is charged with: its own, or the bookable's general rate when its
 * own is left empty (as the server fills it in).
 */
export function categoryVatText(categoryVat: string, generalVat: string): string {
  return categoryVat.trim() === '' ? generalVat : categoryVat;
}

/**
 * The line beside a net price field while it is typed: "Brutto: 23,80 € (inkl. 19 % MwSt.)".
 * An empty VAT rate counts as 0 %; null while the price or the rate is no valid number.
 */
export function grossHint(netText: string, vatText: string): string | null {
  const net = typedAmount(netText, MAX_DECIMAL);
  const vat = vatText.trim() === '' ? 0 : typedAmount(vatText, 100);
  if (net === null || vat === null) return null;
  return `Brutto: ${formatCurrency(grossFromNet(net, vat))} (inkl. ${percentFormat.format(vat)} % MwSt.)`;
}
