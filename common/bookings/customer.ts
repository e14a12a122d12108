/** The customer's details of a booking: what the checkout asks for and the staff's booking form edits. */
export interface CustomerFields {
  name: string;
  company: string;
  street: string;
  zipCode: string;
  /** City. */
  location: string;
  mail: string;
  phone: string;
  comment: string;
}

export const customerFields = ['name', 'company', 'street', 'zipCode', 'location', 'mail', 'phone', 'comment'] as const satisfies readonly (keyof CustomerFields)[];
