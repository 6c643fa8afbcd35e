/** What the inquiry service reads from the directory: the caller's customer, a port, the fuel types. */
export interface CustomerFacts {
  id: string;
  legal_entity_name: string;
  general_email: string | null;
  selling_terms: string;
}

export interface PortFacts {
  id: string;
  name: string;
  unlocode: string;
  country: string;
  timezone: string;
  region: string | null;
}

export interface FuelType {
  id: string;
  code: string;
  aliases: string[];
}

/** Answers null for a row the caller may not see (another company's customer, an unknown port). */
export interface DirectoryLookups {
  customer(id: string): Promise<CustomerFacts | null>;
  port(id: string): Promise<PortFacts | null>;
  fuelTypes(): Promise<FuelType[]>;
}
