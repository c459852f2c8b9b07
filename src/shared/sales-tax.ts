import { z } from 'zod';
import { english } from './english.ts';
import { SERVICE_CITIES, type SERVICE_TOWNS } from './service-area.ts';

/**
 * New York sales tax on a bill (issue 38, decision 035). A part sold is taxable (Tax Law §1105(a)); so is installing,
 * maintaining or repairing hardware (§1105(c)(3), 20 NYCRR 527.5); help with software, training and consulting are
 * not when stated separately (TB-ST-128). The tax is stated as its own line (§1132(a)), computed here in whole cents.
 */

/** A bill line's tax class: help with software, training or consulting; work on hardware; a part sold. */
export const TAX_CLASSES = ['not-taxable', 'taxable-service', 'taxable-goods'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TaxClassSchema = z.enum(TAX_CLASSES, { error: 'Choose not taxable, taxable service or taxable goods.' });

export const isTaxable = (taxClass: TaxClass) => taxClass !== 'not-taxable';

/** Where a sale is taxed: the county of the place of the visit (all of the service area is in Suffolk). */
export const JURISDICTIONS = ['suffolk', 'nassau'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** The county of each town served: both are in Suffolk. */
export const TOWN_JURISDICTIONS: Record<(typeof SERVICE_TOWNS)[number], Jurisdiction> = {
  'Town of Islip': 'suffolk',
  'Town of Smithtown': 'suffolk',
};

/**
 * Where a customer's sales are taxed: the county of their city (the service area's cities), else Suffolk, the
 * business's own county (a remote customer whose city is not one of them).
 */
export function jurisdictionOfCity(city: string | undefined): Jurisdiction {
  const served = SERVICE_CITIES.find((entry) => entry.name.toLowerCase() === (city ?? '').trim().toLowerCase());
  return served ? TOWN_JURISDICTIONS[served.town] : 'suffolk';
}

/**
 * A combined rate (state, county and the MCTD surcharge) in thousandths of a percent, so that the arithmetic stays in
 * whole numbers: 8625 is 8.625%.
 */
export type SalesTaxRate = { jurisdiction: Jurisdiction; rate: number; from: string };

/**
 * The rates and the days they start (YYYY-MM-DD, New York time). A new rate is a new row with its first day; the
 * rate of the visit's day applies. Suffolk: 4% state, 4.25% county, 0.375% MCTD. Nassau: 4%, 4.25%, 0.375%.
 */
export const SALES_TAX_RATES: readonly SalesTaxRate[] = [
  { jurisdiction: 'suffolk', rate: 8625, from: '2005-06-01' },
  { jurisdiction: 'nassau', rate: 8625, from: '2005-06-01' },
];

export const TAX_TEXTS = {
  classes: {
    'not-taxable': english('Not taxable'),
    'taxable-service': english('Taxable service'),
    'taxable-goods': english('Taxable goods'),
  } satisfies Record<TaxClass, string>,
  jurisdictions: { suffolk: english('Suffolk County'), nassau: english('Nassau County') } satisfies Record<Jurisdiction, string>,
  /** The tax line of a bill: "Sales tax (Suffolk County 8.625%)"; `jurisdiction` is the key of JURISDICTIONS. */
  line: english('Sales tax ({jurisdiction, select, suffolk {Suffolk County} nassau {Nassau County} other {{jurisdiction}}} {rate})'),
  exemptOrganization: english('No sales tax: exempt organization, certificate {certificate} (ST-119.1)'),
  exemptResale: english('No sales tax: resale, certificate {certificate} (ST-120)'),
  noRate: 'There is no sales-tax rate for that place on that day.',
} as const;

/** An exemption the owner recorded on a customer: their bills carry no tax and say why. */
export const TAX_EXEMPTION_KINDS = ['exempt-organization', 'resale'] as const;
export type TaxExemptionKind = (typeof TAX_EXEMPTION_KINDS)[number];
export const TaxExemptionSchema = z.object({
  kind: z.enum(TAX_EXEMPTION_KINDS, { error: 'Choose exempt organization (ST-119.1) or resale (ST-120).' }),
  certificate: z.string().trim().min(1, { error: 'Enter the certificate number.' }).max(40, { error: 'At most 40 characters.' }),
  /** The certificate's date, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date as YYYY-MM-DD.' }),
});
export type TaxExemption = z.infer<typeof TaxExemptionSchema>;

/** What a bill's tax came to, kept with the bill: the place, the rate of the day, the taxable total and the tax. */
export const BillTaxSchema = z.object({
  jurisdiction: z.enum(JURISDICTIONS),
  rate: z.number().int().nonnegative(),
  taxableCents: z.number().int(),
  taxCents: z.number().int(),
  exemption: TaxExemptionSchema.nullable(),
});
export type BillTax = z.infer<typeof BillTaxSchema>;

/** The rate of `jurisdiction` on `date` (YYYY-MM-DD): the row with the latest first day on or before it. */
export function rateOn(jurisdiction: Jurisdiction, date: string, table: readonly SalesTaxRate[] = SALES_TAX_RATES): number {
  const row = table
    .filter((entry) => entry.jurisdiction === jurisdiction && entry.from <= date)
    .reduce<SalesTaxRate | undefined>((latest, entry) => (!latest || entry.from > latest.from ? entry : latest), undefined);
  if (!row) throw new RangeError(TAX_TEXTS.noRate);
  return row.rate;
}

/**
 * The tax on `taxableCents` at `rate` (thousandths of a percent), in whole cents, half a cent and more rounded up
 * (away from zero, so that a refund's tax mirrors its sale's).
 */
export function taxOn(taxableCents: number, rate: number): number {
  if (!Number.isInteger(taxableCents) || !Number.isInteger(rate) || rate < 0) throw new RangeError('whole cents and a whole rate');
  const sign = taxableCents < 0 ? -1 : 1;
  // cents × rate / 100,000, rounded half up: (2 × cents × rate + 100,000) ÷ 200,000, in whole numbers.
  return sign * Math.floor((2 * Math.abs(taxableCents) * rate + 100_000) / 200_000);
}

/** "8.625%": a rate as the bill prints it, with no trailing zeros. */
export function rateText(rate: number): string {
  return `${(rate / 1000).toFixed(3).replace(/\.?0+$/, '')}%`;
}

/**
 * The tax of a bill's lines: one tax on the total of the taxable lines (never line by line), none for an exempt
 * customer.
 */
export function billTax(
  lines: readonly { cents: number; taxClass: TaxClass }[],
  place: { jurisdiction: Jurisdiction; date: string; exemption?: TaxExemption | null },
  table: readonly SalesTaxRate[] = SALES_TAX_RATES,
): BillTax {
  const rate = rateOn(place.jurisdiction, place.date, table);
  const taxableCents = lines.filter((line) => isTaxable(line.taxClass)).reduce((sum, line) => sum + line.cents, 0);
  const exemption = place.exemption ?? null;
  return { jurisdiction: place.jurisdiction, rate, taxableCents, taxCents: exemption ? 0 : taxOn(taxableCents, rate), exemption };
}

/** The tax line's text and values: "Sales tax ({jurisdiction} {rate})", or the exemption's note. */
export function taxLineText(tax: BillTax): { text: string; values: Record<string, string> } {
  if (tax.exemption) {
    return {
      text: tax.exemption.kind === 'resale' ? TAX_TEXTS.exemptResale : TAX_TEXTS.exemptOrganization,
      values: { certificate: tax.exemption.certificate },
    };
  }
  return { text: TAX_TEXTS.line, values: { jurisdiction: tax.jurisdiction, rate: rateText(tax.rate) } };
}

/**
 * New York's sales-tax quarters: March–May, June–August, September–November, December–February (the quarter named
 * by the year it ends in). Returns the quarter of a YYYY-MM-DD day: its first and last days and its name.
 */
export function salesTaxQuarterOf(date: string): { from: string; to: string; label: string } {
  const [year = 0, month = 0] = date.split('-').map(Number);
  // Months from March: 0 to 11; December of year Y belongs with January and February of Y + 1.
  const startMonth = month >= 3 ? month - ((month - 3) % 3) : 12;
  const startYear = month >= 3 ? year : year - 1;
  const endMonthRaw = startMonth + 2;
  const endYear = endMonthRaw > 12 ? startYear + 1 : startYear;
  const endMonth = endMonthRaw > 12 ? endMonthRaw - 12 : endMonthRaw;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  const names = ['', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return {
    from: `${startYear}-${pad(startMonth)}-01`,
    to: `${endYear}-${pad(endMonth)}-${pad(lastDay)}`,
    label: `${names[startMonth]} ${startYear} – ${names[endMonth]} ${endYear}`,
  };
}
