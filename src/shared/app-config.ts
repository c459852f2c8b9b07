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
};

export const APP_CONFIG_ELEMENT_ID = 'app-config';
export const APP_CONFIG_PLACEHOLDER = '<!--app-config-->';
