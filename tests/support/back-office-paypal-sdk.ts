import type { BrowserContext } from 'playwright-core';

/** Where PayPal's JavaScript SDK lives; the browser asks for it with the client id and the checkout options. */
export const PAYPAL_SDK_PATTERN = 'https://www.paypal.com/sdk/js**';

/**
 * A stand-in for PayPal's JavaScript SDK: `paypal.Buttons(options)` as react-paypal-js drives it (isEligible,
 * render, close, updateProps, onInit with enable/disable actions). Its button does what PayPal's popup does
 * once the buyer approves: createOrder, then onApprove with the order id, or onError when creating failed. The
 * server side is the real one, talking to the PayPal REST stand-in.
 */
export const FAKE_PAYPAL_SDK = `
(() => {
  window.paypal = {
    version: 'stand-in',
    Buttons(options) {
      let button = null;
      let disabled = false;
      const actions = {
        enable: async () => { disabled = false; if (button) button.disabled = false; },
        disable: async () => { disabled = true; if (button) button.disabled = true; },
      };
      return {
        isEligible: () => true,
        updateProps: async () => {},
        close: async () => { button?.remove(); button = null; },
        render: async (container) => {
          button = document.createElement('button');
          button.type = 'button';
          button.className = 'btn btn-warning btn-lg w-100 stand-in-paypal-button';
          button.textContent = 'PayPal';
          button.disabled = disabled;
          button.addEventListener('click', async () => {
            let orderID;
            try {
              orderID = await options.createOrder({ paymentSource: 'paypal' }, {});
            } catch (error) {
              options.onError?.(error);
              return;
            }
            try {
              await options.onApprove({ orderID, payerID: 'PAYER123', paymentSource: 'paypal' }, {});
            } catch (error) {
              options.onError?.(error);
            }
          });
          container.append(button);
          options.onInit?.({}, actions);
        },
      };
    },
  };
})();
`;

/** Every request of the context for PayPal's SDK gets the stand-in, or fails as a network error would. */
export async function routePayPalSdk(context: BrowserContext, behaviour: 'serve' | 'fail', seen: string[] = []): Promise<void> {
  await context.route(PAYPAL_SDK_PATTERN, (route) => {
    seen.push(route.request().url());
    if (behaviour === 'fail') return route.abort('connectionfailed');
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PAYPAL_SDK });
  });
}
