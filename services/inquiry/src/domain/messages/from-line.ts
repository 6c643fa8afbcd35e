/** "Name <address>", or the address alone, as a reply named its sender. */
export const fromLine = (from: { name: string | null; address: string }) =>
  from.name ? `${from.name} <${from.address}>` : from.address;
