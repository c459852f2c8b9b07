import { APP_CONFIG_ELEMENT_ID, type AppConfig } from '../../shared/app-config.ts';

const FALLBACK: AppConfig = {
  supportPhone: '',
  supportEmail: '',
  maintenanceMode: false,
  googleSignIn: false,
  payments: { mode: 'sandbox' },
  tax: { time: { troubleshooting: 'not-taxable', consulting: 'not-taxable' }, parts: 'taxable-goods' },
  technician: { name: '', photoUrl: null, sinceYear: null, bio: { en: [], es: [] } },
};

function readAppConfig(): AppConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById(APP_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return FALLBACK;
  // The server wrote this JSON into our own page; it is trusted like the script itself.
  return { ...FALLBACK, ...(JSON.parse(element.textContent) as Partial<AppConfig>) };
}

/** The server's configuration for this page, read once from the JSON the server embeds in index.html. */
export const appConfig: AppConfig = readAppConfig();

export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
