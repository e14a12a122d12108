/** The address fields of the wizard's venue step. */
export interface VenueAddress {
  street: string;
  houseNumber: string;
  additional: string;
  zip: string;
  city: string;
}

const STREET_AND_NUMBER = /^(.*\D)\s+(\d+\s*[a-zA-Z]?(?:\s*[-/]\s*\d+\s*[a-zA-Z]?)?)$/;
const ZIP_AND_CITY = /^(\d{4,5})\s+(.+)$/;

/**
 * The address of a venue from its location text as venues keep it ("Marktplatz 1, 12345
 * Musterstadt"; parts separated by commas or line breaks): the street with its house number, a postal
 * code with its town, and whatever else as the address addition. Text that fits no part is kept as
 * the addition rather than lost.
 */
export function venueAddress(location: string): VenueAddress {
  const address: VenueAddress = { street: '', houseNumber: '', additional: '', zip: '', city: '' };
  const rest: string[] = [];
  const parts = location
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts) {
    const town = ZIP_AND_CITY.exec(part);
    const street = STREET_AND_NUMBER.exec(part);
    if (town && !address.zip) {
      address.zip = town[1];
      address.city = town[2];
    } else if (street && !address.street) {
      address.street = street[1].trim();
      address.houseNumber = street[2].replace(/\s+/g, '');
    } else rest.push(part);
  }
  // A single part that is neither: a street without number, or a town without postal code.
  if (!address.street && !address.zip && rest.length === 1) return { ...address, street: rest[0] };
  if (!address.city && address.street && rest.length > 0) address.city = rest.pop() ?? '';
  address.additional = rest.join(', ');
  return address;
}
