// The payments module's face: PaymentService and its routes, the payment providers (PayPal, the sandbox), and what
// privacy needs of a customer's payments (their records, forgetting the payer).

export { payLinkRoutes } from './pay-link-routes.ts';
export type { PaymentProvider } from './payment-provider.ts';
export { SandboxProvider } from './payment-provider.ts';
export { forgetPayersOf, paymentRecordsOf } from './payment-records.ts';
export { paymentRoutes } from './payment-routes.ts';
export { PaymentService } from './payment-service.ts';
export { PayPalProvider } from './paypal-provider.ts';
