import { SUPPLIER_STATUSES } from '@mfd/contracts';

/** Active / Inactive, for suppliers and companies. */
export const STATUS_OPTIONS = SUPPLIER_STATUSES.map((value) => ({
  value,
  label: value === 'active' ? 'Active' : 'Inactive',
}));
