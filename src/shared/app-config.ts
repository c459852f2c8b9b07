import { z } from 'zod';

/** What the server tells the browser about itself, embedded in index.html as JSON (never as script). */
export const AppConfigSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  maintenanceMode: z.boolean(),
  googleSignIn: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export const APP_CONFIG_ELEMENT_ID = 'app-config';
export const APP_CONFIG_PLACEHOLDER = '<!--app-config-->';
