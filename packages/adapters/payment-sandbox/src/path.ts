/** Where the sandbox answers its checkout pages: billing lists it among its REST paths for the gateway (`@ruedas/payment-sandbox/path`, light). */
export const SANDBOX_PATH = '/sandbox-pay';
