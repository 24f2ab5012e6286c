const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** 349 → '$349'. Catalogue prices are whole dollars. */
export function formatPrice(amount: number): string {
  return USD.format(amount);
}
