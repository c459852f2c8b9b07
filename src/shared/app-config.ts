/** What the server tells the browser about itself, embedded in index.html as JSON (never as script). */
export type AppConfig = {
  supportPhone: string;
  supportEmail: string;
  maintenanceMode: boolean;
  googleSignIn: boolean;
};

export const APP_CONFIG_ELEMENT_ID = 'app-config';
export const APP_CONFIG_PLACEHOLDER = '<!--app-config-->';
