import type { ServiceKind } from './business.ts';
import type { TaxClass } from './sales-tax.ts';

/** What the server tells the browser about itself, embedded in index.html as JSON (never as script). */
export type AppConfig = {
  supportPhone: string;
  supportEmail: string;
  maintenanceMode: boolean;
  googleSignIn: boolean;
  /**
   * 'paypal' shows PayPal's buttons with this client id, labelled TEST when it is PayPal's sandbox (`test`); 'sandbox'
   * the labelled test-mode checkout.
   */
  payments: { mode: 'paypal'; clientId: string; test?: boolean } | { mode: 'sandbox' };
  /**
   * The tax class each kind of time and a part take on the bill from the clock unless the owner picks another
   * (configuration: TAX_CLASS_*, decision 035): the back office's bill editor starts from them.
   */
  tax: { time: Record<ServiceKind, TaxClass>; parts: TaxClass };
  /**
   * The technician as the public pages show them (issue 40; TECHNICIAN_*): the name ('' when unset), the photo's
   * address (null: a drawing), the year they started (null: no years shown), and the biography's paragraphs in each
   * language (empty: the built-in biography).
   */
  technician: { name: string; photoUrl: string | null; sinceYear: number | null; bio: { en: string[]; es: string[] } };
};

export const APP_CONFIG_ELEMENT_ID = 'app-config';
export const APP_CONFIG_PLACEHOLDER = '<!--app-config-->';
